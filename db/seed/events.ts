import type { SeedEvent } from './types';
import { week1Events } from './events/week-1';
import { week2Events } from './events/week-2';
import { week3Events } from './events/week-3';
import { week4Events } from './events/week-4';

/** Four weeks of events, in seed order. */
export const seedEvents: SeedEvent[] = [...week1Events, ...week2Events, ...week3Events, ...week4Events];
