import type { SeedStory } from '../types';

/** Unpublished drafts (seed order). */
export const draftStories: SeedStory[] = [
  {
    title: 'Beat the Heat: A Summer Weekend in Scottsdale',
    slug: 'beat-the-heat-summer-weekend',
    author: 'Nate Okafor',
    heroImage: '/images/stories/beat-the-heat-summer-weekend.svg',
    excerpt: 'Pre-dawn hikes, long pool afternoons and air-conditioned museums. A draft plan for surviving, and enjoying, the hottest months.',
    content: `Summer in Scottsdale is not a reason to stay away. It is a reason to change your schedule. Locals live by a simple rule: outside early, inside at midday, back out after sunset.

<strong>Saturday</strong>
Start at the Gateway Trailhead before sunrise, and be off the trail by mid-morning. Spend the afternoon at a resort pool or somewhere with serious air-conditioning, like Scottsdale's Museum of the West. After dark, walk the Scottsdale Waterfront as the canal cools off.

<strong>Sunday</strong>
Hit the farmers market as soon as it opens, then retreat to a long brunch. In the evening, catch a show at the Scottsdale Center for the Performing Arts.

<strong>To do before publishing</strong>
Confirm summer market hours, add resort day-pass options and a short safety section on heat and hydration.`,
    category: 'Weekend Guide',
    tags: ['Summer', 'Pools', 'Itinerary'],
    isFeatured: false,
    isPublished: false,
    publishedDaysAgo: 5,
  },
  {
    title: 'The Chopped Salad That Launched a Thousand Copies',
    slug: 'the-chopped-salad-that-launched-a-thousand-copies',
    author: 'Ruth Beaumont',
    heroImage: '/images/stories/the-chopped-salad-that-launched-a-thousand-copies.svg',
    excerpt: 'How one tidy salad of neat little rows became a Scottsdale signature, and why the original is still worth ordering.',
    content: `Every city has a dish that locals order for visitors as a kind of initiation. In Scottsdale, one of those dishes is a salad.

The Original Chopped Salad at <strong>Citizen Public House</strong> arrives at the table arranged in tidy stripes of ingredients before it is tossed. It is a small bit of theater, and it has been imitated at restaurants all over the Valley.

<strong>Notes for the final draft</strong>
Interview a longtime server about the tableside routine.
Compare with two or three versions around town.
Add a sidebar on the whiskey list and best booths.

Where: Citizen Public House, Old Town Scottsdale
Best for: A long dinner with friends`,
    category: 'Food Spotlight',
    tags: ['Old Town', 'Salads', 'Classics'],
    isFeatured: false,
    isPublished: false,
    publishedDaysAgo: 15,
  },
];
