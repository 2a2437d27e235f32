// The reads of a picker's public detail, which anyone may ask for often (a shared link, a page left open):
// prepared statements (docs/architecture.md), the picker and its poster's date in one round trip.
import {
  and,
  type DbWriter,
  desc,
  eq,
  inArray,
  pickerDraws,
  pickerPosters,
  pickers,
  preparedStatement,
  sql,
} from "@dropfair/db";
import type { DrawRow, PickerRow } from "./repository.ts";

/** The picker and when its poster last changed (undefined without a poster); no lock. */
export async function findPickerWithPoster(
  db: DbWriter,
  id: number,
): Promise<{ picker: PickerRow; posterUpdatedAt: Date | undefined } | undefined> {
  const statement = preparedStatement(db, "picker_find_with_poster", (name) =>
    db
      .select({ picker: pickers, posterUpdatedAt: pickerPosters.updatedAt })
      .from(pickers)
      .leftJoin(pickerPosters, eq(pickerPosters.pickerId, pickers.id))
      .where(eq(pickers.id, sql.placeholder("id")))
      .prepare(name),
  );
  const [found] = await statement.execute({ id });
  return found && { picker: found.picker, posterUpdatedAt: found.posterUpdatedAt ?? undefined };
}

/** The latest draw or redraw of the picker (as `currentDraw` in repository.ts), prepared. */
export async function currentDrawPrepared(db: DbWriter, pickerId: number): Promise<DrawRow | undefined> {
  const statement = preparedStatement(db, "picker_current_draw", (name) =>
    db
      .select()
      .from(pickerDraws)
      .where(
        and(
          eq(pickerDraws.pickerId, sql.placeholder("pickerId")),
          inArray(pickerDraws.kind, ["draw", "redraw"]),
        ),
      )
      .orderBy(desc(pickerDraws.count))
      .limit(1)
      .prepare(name),
  );
  const [draw] = await statement.execute({ pickerId });
  return draw;
}
