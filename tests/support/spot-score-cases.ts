/** One table of spec §9 score cases, checked against the pure rule and the database column. */
export const spotScoreCases = [
  { name: 'views only', viewCount: 10, lovedCount: 0, visitedCount: 0, tags: [], score: 10 },
  { name: 'Hidden Gem adds 5', viewCount: 10, lovedCount: 0, visitedCount: 0, tags: ['Hidden Gem'], score: 15 },
  { name: 'New adds 3', viewCount: 10, lovedCount: 0, visitedCount: 0, tags: ['New'], score: 13 },
  { name: 'Overrated takes 3', viewCount: 10, lovedCount: 0, visitedCount: 0, tags: ['Overrated'], score: 7 },
  { name: 'each love adds 3', viewCount: 0, lovedCount: 4, visitedCount: 0, tags: [], score: 12 },
  { name: 'each visit adds 1', viewCount: 0, lovedCount: 0, visitedCount: 7, tags: [], score: 7 },
  {
    name: 'everything together',
    viewCount: 20,
    lovedCount: 2,
    visitedCount: 3,
    tags: ['Hidden Gem', 'New', 'Overrated', 'Date Night'],
    score: 20 + 5 + 3 - 3 + 6 + 3,
  },
  { name: 'never below zero', viewCount: 1, lovedCount: 0, visitedCount: 0, tags: ['Overrated'], score: 0 },
  { name: 'zero stays zero', viewCount: 0, lovedCount: 0, visitedCount: 0, tags: ['Overrated'], score: 0 },
  { name: 'other tags do nothing', viewCount: 5, lovedCount: 0, visitedCount: 0, tags: ['Trending', 'Pricey'], score: 5 },
  { name: 'a tag containing "New" is not New', viewCount: 5, lovedCount: 0, visitedCount: 0, tags: ['New Opening'], score: 5 },
] as const;
