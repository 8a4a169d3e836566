import type { TeamMember } from '@app/contract';

/** A member as the page names them: their printed name, else their address. */
export const nameOf = (member: Pick<TeamMember, 'name' | 'email'>) => member.name.trim() || member.email;
