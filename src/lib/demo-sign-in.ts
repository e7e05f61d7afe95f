import { z } from './zod';
import { emailSchema } from './email';

export const FILL_IN_BOTH = 'Please fill in both email and password';

/** POST /api/session: the demo sign-in form. Any email and password work; the password is not kept. */
export const DemoSignInInput = z.object({
  email: z.string({ error: FILL_IN_BOTH }).trim().min(1, FILL_IN_BOTH).pipe(emailSchema),
  password: z.string({ error: FILL_IN_BOTH }).min(1, FILL_IN_BOTH).max(200, 'Passwords are at most 200 characters'),
  name: z.string().trim().max(100, 'Names are at most 100 characters').optional(),
});
