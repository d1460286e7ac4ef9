/** The waitlists' job names (./waitlist-jobs defines the jobs; ./offer-slot queues them). */
export const waitlistJobNames = {
  slotFreed: 'offer-freed-waitlist-slots',
  offerExpiry: 'expire-waitlist-offer',
  endPassed: 'end-passed-waitlists',
} as const;
