/**
 * Runtime schemas of the contracts in src/features/<domain>/api, for the API tests only (the
 * browser bundle never carries them). Two checks keep them honest:
 *
 * - each schema `satisfies z.ZodType<Contract>`, and the `covers` lines at the end check the other
 *   direction, so a service whose return type drifts from its schema fails `astro check`;
 * - the API tests parse real responses of the built server with `expectContract`, so JSON that
 *   drifts from its schema (a field missing, renamed, of another type, or one too many) fails the test.
 */
import { z } from 'zod';
import { BROWSE_AI_TASK_STATUSES, SUGGESTION_STATUSES } from '../../db/schema';
import type { Account } from '../../src/features/account/api/get-account';
import type { AddedSpot } from '../../src/features/admin/api/add-spot';
import type { BrowseAiStatus } from '../../src/features/admin/api/get-browse-ai-status';
import type { NewsletterStatus } from '../../src/features/admin/api/get-newsletter-status';
import type { BrowseAiTrigger } from '../../src/features/admin/api/trigger-browse-ai';
import type { Stories } from '../../src/features/blog/api/get-stories';
import type { UploadedPhoto } from '../../src/features/admin/api/upload-photo';
import type { SpotBySlug } from '../../src/features/spots/api/get-spot-by-slug';
import type { SpotMarkers } from '../../src/features/spots/api/get-spot-markers';
import type { CalendarEvents } from '../../src/features/events/api/get-events';
import type { WeeklyEventsResponse } from '../../src/features/events/api/get-weekly-events';
import type { NewsletterConfirmation } from '../../src/features/newsletter/api/confirm-signup';
import type { NewsletterResubscription } from '../../src/features/newsletter/api/resubscribe';
import type { NewsletterSignup } from '../../src/features/newsletter/api/sign-up';
import type { Places } from '../../src/features/places/api/get-places';
import type { FeaturedSpots } from '../../src/features/spots/api/get-featured-spots';
import type { SpotsPage } from '../../src/features/spots/api/get-spots';
import type { TopSpots } from '../../src/features/spots/api/get-top-spots';
import type { OpenedSpot } from '../../src/features/spots/api/open-spot';
import type { SpotReactionResult } from '../../src/features/spots/api/react-to-spot';
import type { ActivatedSubscription } from '../../src/features/subscriptions/api/activate-subscription';
import type { CheckoutLink } from '../../src/features/subscriptions/api/create-checkout';
import type { SubscriptionStatus } from '../../src/features/subscriptions/api/get-subscription-status';
import type { BillingPortalLink } from '../../src/features/subscriptions/api/open-billing-portal';
import type { DecidedSuggestion } from '../../src/features/suggestions/api/decide-suggestion';
import type { PendingSuggestions } from '../../src/features/suggestions/api/get-pending-suggestions';
import type { SubmittedSuggestion } from '../../src/features/suggestions/api/submit-suggestion';
import { SPOT_CATEGORIES } from '../../src/lib/catalog';
import { SPOT_STATUSES } from '../../src/lib/spot-status';

/** A Date as JSON writes it (`toISOString`). */
const instant = z.iso.datetime();
const id = z.number().int();
const count = z.number().int().nonnegative();

// --- spots

const clockTime = z.templateLiteral([z.number(), z.number(), ':', z.number(), z.number()]);
const cityDay = z.templateLiteral([z.number(), '-', z.number(), '-', z.number()]);
const special = z.array(z.strictObject({ from: cityDay, to: cityDay, open: clockTime.optional(), close: clockTime.optional(), note: z.string().optional() })).optional();

/** Structured opening hours (src/lib/opening-hours.ts), nullable. */
const OpeningHoursSchema = z
  .union([
    z.strictObject({ kind: z.literal('always'), note: z.string().optional(), special }),
    z.strictObject({ kind: z.literal('daylight'), note: z.string().optional(), special }),
    z.strictObject({
      kind: z.literal('weekly'),
      special,
      rules: z.array(
        z.strictObject({
          days: z.array(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)])),
          open: z.templateLiteral([z.number(), z.number(), ':', z.number(), z.number()]),
          close: z.templateLiteral([z.number(), z.number(), ':', z.number(), z.number()]),
        }),
      ),
      seasons: z
        .array(
          z.strictObject({
            from: z.templateLiteral([z.number(), z.number(), '-', z.number(), z.number()]),
            to: z.templateLiteral([z.number(), z.number(), '-', z.number(), z.number()]),
          }),
        )
        .optional(),
      note: z.string().optional(),
    }),
  ])
  .nullable();

const PhotoSchema = z.strictObject({
  key: z.string().regex(/^[a-f0-9]{32}$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive()).min(1),
  placeholder: z.string().startsWith('data:image/webp;base64,'),
});
/** POST /api/admin/uploads. */
export const UploadedPhotoSchema = PhotoSchema satisfies z.ZodType<UploadedPhoto>;

const spotFields = {
  id,
  name: z.string(),
  category: z.enum(SPOT_CATEGORIES),
  description: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  mapsUrl: z.string(),
  website: z.string().nullable(),
  featured: z.number().int(),
  viewCount: count,
  lovedCount: count,
  visitedCount: count,
  suggestionCount: count,
  tags: z.array(z.string()),
  score: z.number().int().nullable(),
  createdAt: instant,
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  neighbourhood: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  priceLevel: z.number().int().min(1).max(4).nullable(),
  hours: OpeningHoursSchema,
  hook: z.string().nullable(),
  knowBefore: z.strictObject({ bestTime: z.string(), parking: z.string(), bring: z.string() }).nullable(),
  insiderTip: z.string().nullable(),
  photo: PhotoSchema.nullable(),
  updatedAt: instant.nullable(),
  archivedAt: instant.nullable(),
  status: z.enum(SPOT_STATUSES),
  closedUntil: z.iso.date().nullable(),
  statusNote: z.string().nullable(),
  movedToId: id.nullable(),
  verifiedAt: instant.nullable(),
  draft: z.number().int().min(0).max(1),
  noFixedHours: z.number().int().min(0).max(1),
  featuredOrder: z.number().int().positive().nullable(),
};
const WholeSpot = z.strictObject(spotFields);
/** What a visitor past the free views gets: the teaser, no map or website (src/server/spots/paywall.ts). */
const LockedSpot = z.strictObject({ ...spotFields, locked: z.literal(true) });
/** A spot of any spot read: whole, or locked for this visitor. */
const SeenSpot = z.union([WholeSpot, LockedSpot]);

export const SpotsPageSchema = z.strictObject({
  spots: z.array(SeenSpot),
  total: count,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
}) satisfies z.ZodType<SpotsPage>;

export const FeaturedSpotsSchema = z.array(SeenSpot) satisfies z.ZodType<FeaturedSpots>;
export const TopSpotsSchema = z.array(SeenSpot) satisfies z.ZodType<TopSpots>;

const Opening = z.strictObject({ open: z.boolean(), label: z.string().min(1) }).nullable();
const NearbySpotSchema = z.strictObject({
  slug: spotFields.slug,
  name: z.string(),
  category: z.enum(SPOT_CATEGORIES),
  neighbourhood: z.string().nullable(),
  hook: z.string().nullable(),
  imageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  photo: PhotoSchema.nullable(),
  priceLevel: spotFields.priceLevel,
  miles: z.number().nonnegative(),
});
export const SpotBySlugSchema = z.strictObject({
  spot: z.union([z.strictObject({ ...spotFields, opening: Opening }), z.strictObject({ ...spotFields, locked: z.literal(true), opening: Opening })]),
  nearby: z.array(NearbySpotSchema).max(3),
}) satisfies z.ZodType<SpotBySlug>;

export const SpotMarkersSchema = z.strictObject({
  markers: z.array(
    z.strictObject({
      id,
      slug: spotFields.slug,
      name: z.string(),
      category: z.enum(SPOT_CATEGORIES),
      neighbourhood: z.string().nullable(),
      hook: z.string().nullable(),
      priceLevel: spotFields.priceLevel,
      thumbnailUrl: z.string().nullable(),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      hours: OpeningHoursSchema,
    }),
  ),
}) satisfies z.ZodType<SpotMarkers>;

export const OpenedSpotSchema = z.strictObject({ id, viewCount: count, counted: z.boolean(), spot: WholeSpot }) satisfies z.ZodType<OpenedSpot>;

export const SpotReactionSchema = z.strictObject({
  id,
  lovedCount: count,
  visitedCount: count,
  counted: z.boolean(),
}) satisfies z.ZodType<SpotReactionResult>;

export const AddedSpotSchema = WholeSpot satisfies z.ZodType<AddedSpot>;

// --- events

export const CalendarEventsSchema = z.array(
  z.strictObject({
    id,
    title: z.string(),
    description: z.string().nullable(),
    startDate: instant,
    endDate: instant.nullable(),
    location: z.string().nullable(),
    link: z.string().nullable(),
    eventType: z.string().nullable(),
    tags: z.array(z.string()),
    isTrending: z.boolean(),
    isNewThisWeek: z.boolean(),
    source: z.string(),
    createdAt: instant,
  }),
) satisfies z.ZodType<CalendarEvents>;

export const WeeklyEventsSchema = z.array(
  z.strictObject({
    id,
    title: z.string(),
    date: instant,
    location: z.string().nullable(),
    description: z.string().nullable(),
    link: z.string().nullable(),
  }),
) satisfies z.ZodType<WeeklyEventsResponse>;

// --- stories

export const StoriesSchema = z.array(
  z.strictObject({
    id,
    title: z.string(),
    slug: z.string(),
    author: z.string(),
    heroImage: z.string().nullable(),
    excerpt: z.string().nullable(),
    teaser: z.string(),
    category: z.string(),
    tags: z.array(z.string()),
    isPublished: z.boolean(),
    isFeatured: z.boolean(),
    publishedAt: instant.nullable(),
    createdAt: instant,
    updatedAt: instant,
    revisedAt: instant.nullable(),
  }),
) satisfies z.ZodType<Stories>;

// --- places

export const PlacesSchema = z.array(
  z.strictObject({
    id,
    name: z.string(),
    rating: z.number(),
    location: z.string(),
    tags: z.array(z.string()),
    link: z.string(),
    image: z.string(),
    priceRange: z.string(),
    openingStatus: z.string(),
    reviewCount: z.string(),
    highlight: z.string(),
    reservationAvailable: z.boolean(),
    reservationUrl: z.url().nullable(),
    spotSlug: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .nullable(),
    hours: OpeningHoursSchema,
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
  }),
) satisfies z.ZodType<Places>;

// --- subscriptions and account

export const SubscriptionStatusSchema = z.strictObject({ isActive: z.boolean(), isFoundingMember: z.boolean() }) satisfies z.ZodType<SubscriptionStatus>;

export const CheckoutLinkSchema = z.strictObject({ url: z.url() }) satisfies z.ZodType<CheckoutLink>;

export const ActivatedSubscriptionSchema = z.strictObject({
  email: z.email(),
  isActive: z.literal(true),
  isFoundingMember: z.boolean(),
}) satisfies z.ZodType<ActivatedSubscription>;

export const BillingPortalLinkSchema = z.strictObject({ url: z.url() }) satisfies z.ZodType<BillingPortalLink>;

export const AccountSchema = z.strictObject({
  user: z
    .strictObject({ id: z.string(), email: z.string().nullable(), emailVerified: z.boolean(), firstName: z.string().nullable(), name: z.string().nullable() })
    .nullable(),
  subscriber: z.strictObject({ email: z.string(), verified: z.boolean(), isActive: z.boolean(), isFoundingMember: z.boolean() }).nullable(),
}) satisfies z.ZodType<Account>;

// --- suggestions

const suggestionRow = {
  id,
  spotName: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  submitterName: z.string().nullable(),
  status: z.enum(SUGGESTION_STATUSES),
  createdAt: instant,
};

export const SubmittedSuggestionSchema = z.strictObject(suggestionRow) satisfies z.ZodType<SubmittedSuggestion>;
export const DecidedSuggestionSchema = z.strictObject(suggestionRow) satisfies z.ZodType<DecidedSuggestion>;

export const PendingSuggestionsSchema = z.array(
  z.strictObject({
    id,
    spotName: z.string(),
    description: z.string(),
    link: z.string().nullable(),
    submitterName: z.string().nullable(),
    createdAt: instant,
  }),
) satisfies z.ZodType<PendingSuggestions>;

// --- admin panel

export const NewsletterStatusSchema = z.strictObject({
  activeSubscribers: count,
  inactiveSubscribers: count,
  pendingSubscribers: count,
  weekStart: instant,
  run: z.strictObject({ startedAt: instant, finishedAt: instant.nullable(), sending: z.boolean() }).nullable(),
  deliveries: z.strictObject({ sent: count, failed: count, inDoubt: count }),
  confirmationWarning: z.string().nullable(),
  weekLabel: z.string(),
  schedule: z.enum(['on', 'off']),
  week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  scheduleStatus: z.strictObject({ on: z.boolean(), variable: z.literal('NEWSLETTER_SCHEDULE'), nextSendAt: instant, nextSendLabel: z.string(), due: z.boolean() }),
  note: z.strictObject({
    week: z.string(),
    weekLabel: z.string(),
    note: z.string(),
    version: count,
    updatedAt: instant.nullable(),
    updatedBy: z.string().nullable(),
    locked: z.boolean(),
  }),
  recentSends: z.array(
    z.strictObject({
      week: z.string(),
      weekLabel: z.string(),
      startedAt: instant,
      finishedAt: instant.nullable(),
      sending: z.boolean(),
      counts: z.strictObject({ sent: count, failed: count, inDoubt: count, pending: count.nullable() }),
    }),
  ),
  setupProblem: z.string().nullable(),
}) satisfies z.ZodType<NewsletterStatus>;

export const BrowseAiStatusSchema = z.strictObject({
  configured: z.boolean(),
  robotId: z.string().nullable(),
  source: z.string(),
  limit: z.number().int(),
  webhookConfigured: z.boolean(),
  lastTask: z
    .strictObject({
      id: z.string(),
      status: z.enum(BROWSE_AI_TASK_STATUSES),
      error: z.string().nullable(),
      imported: count,
      updated: count,
      skipped: count,
      createdAt: instant,
      importedAt: instant.nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<BrowseAiStatus>;

export const BrowseAiTriggerSchema = z.strictObject({ taskId: z.string(), status: z.string(), message: z.string() }) satisfies z.ZodType<BrowseAiTrigger>;

// --- newsletter

export const NewsletterSignupSchema = z.strictObject({ message: z.string() }) satisfies z.ZodType<NewsletterSignup>;
export const NewsletterConfirmationSchema = z.strictObject({ message: z.string(), email: z.string() }) satisfies z.ZodType<NewsletterConfirmation>;
export const NewsletterResubscriptionSchema = z.strictObject({
  message: z.string(),
  email: z.string(),
  state: z.enum(['active', 'pending']),
}) satisfies z.ZodType<NewsletterResubscription>;

/** Parses a real response body against its contract's schema; a mismatch fails with zod's list of what differs. */
export function expectContract<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`The response does not match its contract:\n${z.prettifyError(result.error)}`);
  return result.data;
}

// --- the other direction: `satisfies` above fails when a schema allows less than its contract
// (a field missing, a type narrower); these fail when the contract allows more than its schema
// checks (a new union member or null), so the two can only change together.

type Covers<S extends z.ZodType, T> = [T] extends [z.output<S>] ? true : false;

true satisfies Covers<typeof SpotsPageSchema, SpotsPage>;
true satisfies Covers<typeof FeaturedSpotsSchema, FeaturedSpots>;
true satisfies Covers<typeof TopSpotsSchema, TopSpots>;
true satisfies Covers<typeof OpenedSpotSchema, OpenedSpot>;
true satisfies Covers<typeof SpotBySlugSchema, SpotBySlug>;
true satisfies Covers<typeof SpotMarkersSchema, SpotMarkers>;
true satisfies Covers<typeof SpotReactionSchema, SpotReactionResult>;
true satisfies Covers<typeof AddedSpotSchema, AddedSpot>;
true satisfies Covers<typeof UploadedPhotoSchema, UploadedPhoto>;
true satisfies Covers<typeof CalendarEventsSchema, CalendarEvents>;
true satisfies Covers<typeof WeeklyEventsSchema, WeeklyEventsResponse>;
true satisfies Covers<typeof StoriesSchema, Stories>;
true satisfies Covers<typeof PlacesSchema, Places>;
true satisfies Covers<typeof SubscriptionStatusSchema, SubscriptionStatus>;
true satisfies Covers<typeof CheckoutLinkSchema, CheckoutLink>;
true satisfies Covers<typeof ActivatedSubscriptionSchema, ActivatedSubscription>;
true satisfies Covers<typeof BillingPortalLinkSchema, BillingPortalLink>;
true satisfies Covers<typeof AccountSchema, Account>;
true satisfies Covers<typeof SubmittedSuggestionSchema, SubmittedSuggestion>;
true satisfies Covers<typeof DecidedSuggestionSchema, DecidedSuggestion>;
true satisfies Covers<typeof PendingSuggestionsSchema, PendingSuggestions>;
true satisfies Covers<typeof NewsletterStatusSchema, NewsletterStatus>;
true satisfies Covers<typeof BrowseAiStatusSchema, BrowseAiStatus>;
true satisfies Covers<typeof BrowseAiTriggerSchema, BrowseAiTrigger>;
true satisfies Covers<typeof NewsletterSignupSchema, NewsletterSignup>;
true satisfies Covers<typeof NewsletterConfirmationSchema, NewsletterConfirmation>;
true satisfies Covers<typeof NewsletterResubscriptionSchema, NewsletterResubscription>;
