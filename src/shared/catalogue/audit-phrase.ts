import type { Gender } from '../gender.ts';
import { moderationUi } from './moderation.ts';

/**
 * An audit log row's phrase, "заблокировала пользователя", "снял отметку 18+ с записи": the verb agrees with the actor,
 * the noun takes the verb's case; an action the catalogue lacks reads as its code and the target's name. Beside the
 * catalogue it reads, in a file of its own so that only the staff panel's code carries it.
 */
export function auditPhrase(a: { action: string; target_type: string; actor: { gender: Gender } | null }): string {
  const L = moderationUi;
  const verb = L.actions[a.action];
  if (!verb) return `${a.action} ${L.targets[a.target_type] ?? a.target_type}`;
  return `${a.actor?.gender === 'female' ? verb.she : verb.he} ${L.targetNouns[verb.object][a.target_type] ?? ''}`.trim();
}
