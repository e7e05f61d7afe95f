// Loaded with `node --import` into a test server: moves the server's clock by the number of
// milliseconds written in the file TEST_CLOCK_FILE names (0 or missing: the real time). Tests move
// time forward by writing the file; nothing in the product knows about it.
import { readFileSync } from 'node:fs';

const file = process.env.TEST_CLOCK_FILE;
const RealDate = Date;
const offset = () => {
  try {
    return Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
};

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset());
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset();
  }
}

globalThis.Date = ShiftedDate;
