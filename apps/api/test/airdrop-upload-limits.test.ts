// The participant-list upload takes tens of megabytes, so who sends it and as what are decided from the headers:
// an anonymous caller, another user or a JSON body is refused before the body is read. The requests below
// announce 60 MB and send only the first 64 KB; a server that read the body first would never answer them.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createAirdropDraft, newWallet, signIn, type TestContext } from "./helper.ts";

const announcedBytes = 60 * 1024 * 1024;
const sentBytes = 64 * 1024;

type Answer = { status: number; body: { content: unknown; typeCode: number; message: string } };

/** PUTs the first 64 KB of a 60 MB (or `announced`) body and waits (at most 10 s) for an answer without sending the rest. */
function partialUpload(
  base: string,
  path: string,
  headers: Record<string, string>,
  announced = announcedBytes,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, {
      method: "PUT",
      headers: { ...headers, "content-length": String(announced) },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error("no answer before the body was complete: the server waited for the whole body"));
    }, 10_000);
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
      });
    });
    request.on("error", (error) => {
      // The server may close the socket right after answering; the answer has been taken by then.
      if (
        (error as NodeJS.ErrnoException).code !== "ECONNRESET" &&
        (error as NodeJS.ErrnoException).code !== "EPIPE"
      )
        reject(error);
    });
    request.write(`${newWallet().address}\n`.repeat(Math.floor(sentBytes / 43)));
  });
}

describe("the participant-list upload is authorized before its body is read", () => {
  let context: TestContext;
  let base: string;
  let creatorToken: string;
  let strangerToken: string;
  let draftId: number;

  beforeAll(async () => {
    context = await buildTestApp();
    creatorToken = (await signIn(context.app)).token;
    strangerToken = (await signIn(context.app)).token;
    draftId = (await createAirdropDraft(context.app, creatorToken, { title: "Big list" })).id;
    base = await context.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await context.close();
  });

  it("refuses an anonymous 60 MB upload at once", async () => {
    const answer = await partialUpload(base, `/api/bounty/airdrop/${draftId}/participants`, {
      "content-type": "text/csv",
    });
    expect(answer.status).toBe(401);
    expect(answer.body.content).toBeNull();
  });

  it("refuses another user's 60 MB upload at once, as if the draft did not exist", async () => {
    const answer = await partialUpload(base, `/api/bounty/airdrop/${draftId}/participants`, {
      "content-type": "text/csv",
      authorization: `Bearer ${strangerToken}`,
    });
    expect(answer.status).toBe(404);
  });

  it("refuses the creator's 60 MB JSON body at once: lists come as text/plain or text/csv", async () => {
    const answer = await partialUpload(base, `/api/bounty/airdrop/${draftId}/participants`, {
      "content-type": "application/json",
      authorization: `Bearer ${creatorToken}`,
    });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe("This request must be sent as text/plain, text/csv.");
  });

  it("refuses an anonymous logo or picker poster (1.4 MB of JSON) before reading it", async () => {
    const json = { "content-type": "application/json" };
    const logo = await partialUpload(base, `/api/bounty/airdrop/${draftId}/logo`, json, 1400 * 1024);
    expect(logo.status).toBe(401);
    const poster = await partialUpload(base, "/api/bounty/picker/1/poster", json, 1400 * 1024);
    expect(poster.status).toBe(403);
    expect(poster.body.message).toBe("You are not owner");
  });

  it("still takes the creator's list as text", async () => {
    const response = await context.app.inject({
      method: "PUT",
      url: `/api/bounty/airdrop/${draftId}/participants`,
      headers: { authorization: `Bearer ${creatorToken}`, "content-type": "text/csv" },
      payload: `${newWallet().address}\n${newWallet().address}\n`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().content.accepted).toBe(2);
  });
});
