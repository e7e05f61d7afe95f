import { describe, expect, it } from 'vitest';
import { classifyMailError, describeMailError } from '../../src/server/adapters/mail';

const smtpError = (code: string, responseCode?: number, command?: string) => Object.assign(new Error('failed'), { code, responseCode, command });

describe('what a failed send means', () => {
  it.each([
    ['a busy mailbox (451 at RCPT TO)', smtpError('EENVELOPE', 451, 'RCPT TO'), 'recipient-temporary'],
    ['an unknown mailbox (550 at RCPT TO)', smtpError('EENVELOPE', 550, 'RCPT TO'), 'recipient-permanent'],
    ['a message refused at DATA (554)', smtpError('EMESSAGE', 554, 'DATA'), 'recipient-permanent'],
    ['a message deferred at DATA (452)', smtpError('EMESSAGE', 452, 'DATA'), 'recipient-temporary'],
    ['an address nodemailer rejects itself', smtpError('EENVELOPE', undefined, 'API'), 'recipient-permanent'],
    ['the sender refused (MAIL FROM)', smtpError('EENVELOPE', 550, 'MAIL FROM'), 'server'],
    ['421 closing / throttling', smtpError('EENVELOPE', 421, 'RCPT TO'), 'server'],
    ['a refused login', smtpError('EAUTH', 535, 'AUTH PLAIN'), 'server'],
    ['no connection', smtpError('ECONNECTION'), 'server'],
    ['a timeout', smtpError('ETIMEDOUT'), 'server'],
    ['an error without a code', new Error('something odd'), 'server'],
  ])('%s → %s', (_, error, kind) => {
    expect(classifyMailError(error)).toBe(kind);
  });

  it('describes a failure without the credentials of the SMTP URL', () => {
    expect(describeMailError(Object.assign(new Error('connect ECONNREFUSED smtps://weekly:hunter2@mail.example:465'), { code: 'ESOCKET' }))).toBe(
      'ESOCKET: connect ECONNREFUSED smtps://mail.example:465',
    );
    expect(describeMailError(Object.assign(new Error('x'), { response: '550 5.1.1 No such mailbox here', responseCode: 550 }))).toBe('550 5.1.1 No such mailbox here');
  });
});
