/** How a deployment turns points into levels: level = startLevel + floor(points / pointsPerLevel). */
export type LevelRules = { startLevel: number; pointsPerLevel: number };

export type LevelProgress = {
  level: number;
  /** Points earned inside the current level (0 ≤ pointsIntoLevel < pointsPerLevel). */
  pointsIntoLevel: number;
  /** Points still missing to reach the next level (1 ≤ pointsToNextLevel ≤ pointsPerLevel). */
  pointsToNextLevel: number;
};

export const defaultLevelRules: LevelRules = { startLevel: 0, pointsPerLevel: 100 };

/**
 * The level of a balance and the progress towards the next one. A balance is never negative in the ledger;
 * a negative input counts as 0 so a display never shows a level below the start level.
 */
export function levelOf(points: number, rules: LevelRules = defaultLevelRules): LevelProgress {
  const { startLevel, pointsPerLevel } = rules;
  if (!Number.isSafeInteger(pointsPerLevel) || pointsPerLevel < 1)
    throw new RangeError(`pointsPerLevel must be a positive integer, got ${pointsPerLevel}`);
  if (!Number.isSafeInteger(startLevel))
    throw new RangeError(`startLevel must be an integer, got ${startLevel}`);
  if (!Number.isSafeInteger(points)) throw new RangeError(`points must be an integer, got ${points}`);
  const balance = Math.max(0, points);
  const levelsEarned = Math.floor(balance / pointsPerLevel);
  const pointsIntoLevel = balance - levelsEarned * pointsPerLevel;
  return {
    level: startLevel + levelsEarned,
    pointsIntoLevel,
    pointsToNextLevel: pointsPerLevel - pointsIntoLevel,
  };
}
