import { describe, expect, it } from 'vitest';
import { deriveEventTags, EVENT_TAGS } from '../../src/lib/event-tags';

describe('deriveEventTags', () => {
  it('lists the eight calendar tags', () => {
    expect(EVENT_TAGS).toEqual(['Live Music', 'Food Truck', 'Family Friendly', 'Art', 'Market', 'Fitness', 'Entertainment', 'Community']);
  });

  it.each([
    ['Jazz on the Green', null, ['Live Music']],
    ['Old Town DJ Night', undefined, ['Live Music']],
    ['Symphony in the Park', '', ['Live Music']],
    ['Food Truck Friday', null, ['Food Truck']],
    ['Friday Eats', 'Dozens of food trucks', ['Food Truck']],
    ['Storytime', 'Fun for kids and all ages', ['Family Friendly']],
    ['Scottsdale ArtWalk', null, ['Art']],
    ['Art Walk', 'Galleries stay open late', ['Art']],
    ['New Exhibit Opening', null, ['Art']],
    ['Old Town Farmers Market', null, ['Market']],
    ['Holiday Bazaar', null, ['Market']],
    ['Sunrise Yoga', null, ['Fitness']],
    ['Turkey Trot 5K', null, ['Fitness']],
    ['Pinnacle Peak Hike', null, ['Fitness']],
    ['Comedy Night', null, ['Entertainment']],
    ['Movie under the stars', null, ['Entertainment']],
    ['Shakespeare at the Theatre', null, ['Entertainment']],
  ])('%j / %j -> %j', (title, description, expected) => {
    expect(deriveEventTags({ title, description })).toEqual(expected);
  });

  it.each([
    ['Start your morning right', 'Coffee with neighbours'],
    ['Sunday Brunch', 'Bottomless mimosas'],
    ['Smart City Meetup', 'Heartfelt conversation'],
    ['Bandit Trail Cleanup', 'Showroom tour, unfair weather aside'],
    ['Town Hall', null],
  ])('whole words only: %j has no keyword -> Community', (title, description) => {
    expect(deriveEventTags({ title, description })).toEqual(['Community']);
  });

  it('combines tags in EVENT_TAGS order without duplicates', () => {
    expect(
      deriveEventTags({
        title: 'Family Movie Night with Food Trucks',
        description: 'Live music by a jazz band, a kids art corner and a market. Music all night.',
      }),
    ).toEqual(['Live Music', 'Food Truck', 'Family Friendly', 'Art', 'Market', 'Entertainment']);
  });

  it('is case-insensitive across title and description', () => {
    expect(deriveEventTags({ title: 'SATURDAY', description: 'YOGA and a CONCERT' })).toEqual(['Live Music', 'Fitness']);
  });
});
