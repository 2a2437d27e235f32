// T15 under concurrency: one request sent many times at once with one Idempotency-Key, and what every answer must
// be (docs/security.md): the first one's, or 409 while the first is still running.
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

export const inFlight = {
  content: null,
  typeCode: 440,
  message: "A request with this Idempotency-Key is still being processed or had another body.",
};

/** `send` called `times` times at once (not one after the other). */
export function sentAtOnce(
  times: number,
  send: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: times }, send));
}

/**
 * Every answer is `status` with one and the same body, or 409 'still being processed'; at least one is the
 * first's. Returns that body.
 */
export function expectOneAnswer(answers: LightMyRequestResponse[], status = 200): unknown {
  const statuses = answers.map((answer) => answer.statusCode);
  expect(
    statuses.every((code) => code === status || code === 409),
    statuses.join(","),
  ).toBe(true);
  for (const refused of answers.filter((answer) => answer.statusCode === 409))
    expect(refused.json()).toEqual(inFlight);
  const bodies = answers.filter((answer) => answer.statusCode === status).map((answer) => answer.json());
  expect(bodies.length).toBeGreaterThanOrEqual(1);
  for (const body of bodies) expect(body).toEqual(bodies[0]);
  return bodies[0];
}

/** A retry once the first has finished: the first answer again, marked as replayed. */
export function expectReplay(answer: LightMyRequestResponse, first: unknown, status = 200): void {
  expect(answer.statusCode).toBe(status);
  expect(answer.headers["idempotent-replayed"]).toBe("true");
  expect(answer.json()).toEqual(first);
}
