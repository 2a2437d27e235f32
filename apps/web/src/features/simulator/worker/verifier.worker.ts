import { verifierFailure, verifyAndSimulate } from "../model/verification";
import type { VerifierReply, VerifierRequest } from "../model/verifier-protocol";

// The draw is recomputed here, off the main thread, so the page stays responsive on large entry lists.
// The app compiles against the DOM library; these are the two members of a worker's global scope used here.
const scope = self as unknown as {
  postMessage(message: VerifierReply): void;
  addEventListener(type: "message", listener: (event: MessageEvent<VerifierRequest>) => void): void;
};

function reply(message: VerifierReply) {
  scope.postMessage(message);
}

scope.addEventListener("message", (event: MessageEvent<VerifierRequest>) => {
  const { runId, input } = event.data;
  try {
    const report = verifyAndSimulate(input, (progress) => reply({ runId, type: "progress", progress }));
    reply({ runId, type: "result", report });
  } catch (error) {
    reply({ runId, type: "failure", failure: verifierFailure(error) });
  }
});
