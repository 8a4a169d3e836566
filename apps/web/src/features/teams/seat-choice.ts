import type { SeatUsage, TeamMember } from '@app/contract';

/** "3 of 5 seats used": `included` already counts the extra seats bought (ADR 0077, seats). */
export const seatsLine = ({ used, included }: SeatUsage): string => `${used} of ${included} seats used`;

/** Whether some members read only because the members outnumber the seats. */
export const somePastTheSeats = (members: readonly TeamMember[]): boolean => members.some((member) => !member.seated);

/** Who the owner's choice starts from: the members seated now, the owner aside (the owner always keeps one). */
export const seatedOthers = (members: readonly TeamMember[], ownerId: string): string[] =>
  members.filter((member) => member.seated && member.user_id !== ownerId).map((member) => member.user_id);

/** Whether one more member may be chosen: the owner's seat and the chosen together fit the seats. */
export const roomForAnother = (chosen: readonly string[], seats: number): boolean => chosen.length + 1 < seats;
