/** Feelings as API objects, names in the request's language. */
import { and, asc, eq } from 'drizzle-orm';
import type { FeelingType } from '../../../core/feelings.ts';
import type { Feeling } from '../../../core/types.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { feelings } from '../../../db/schema.ts';
import { Invalid } from '../../errors.ts';
import { translate } from '../../i18n.ts';

type FeelingRow = typeof feelings.$inferSelect;

export const toFeeling = (row: Pick<FeelingRow, 'id' | 'key' | 'emoji' | 'type'>, locale: string): Feeling => ({
  id: row.id,
  name: translate(locale, `feeling.${row.key}`),
  emoji: row.emoji,
  type: row.type as FeelingType,
});

export async function listFeelings(db: DbOrTx, type: FeelingType, locale: string): Promise<Feeling[]> {
  const rows = await db.select().from(feelings).where(eq(feelings.type, type)).orderBy(asc(feelings.sortOrder));
  return rows.map((r) => toFeeling(r, locale));
}

/** The feeling with this id, of this type; a wrong id is a 422 on the field. */
export async function requireFeeling(db: DbOrTx, id: number, type: FeelingType, field = 'feeling_id'): Promise<FeelingRow> {
  const [row] = await db
    .select()
    .from(feelings)
    .where(and(eq(feelings.id, id), eq(feelings.type, type)));
  if (!row) throw new Invalid({ [field]: { key: 'validation.invalid' } });
  return row;
}
