ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmation_requested_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmation_sent_at` integer;--> statement-breakpoint
-- Hand-written: readers already on the list signed up before double opt-in; they stay on it, confirmed as of their sign-up.
UPDATE `newsletter_subscribers` SET `confirmed_at` = `created_at` WHERE `is_active` = 1;
