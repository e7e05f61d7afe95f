/** Shared link for events listed on the Experience Scottsdale calendar. */
export const TOURISM_EVENTS = 'https://www.experiencescottsdale.com/events/';
