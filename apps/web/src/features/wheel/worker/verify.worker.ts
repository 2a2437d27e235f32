import { verifyGameFile, type WheelVerifyReply, type WheelVerifyRequest } from "../model/verify";

// A game's spins are recomputed here, off the main thread, so the page stays responsive on large games.
// The app compiles against the DOM library; these are the two members of a worker's global scope used here.
const scope = self as unknown as {
  postMessage(message: WheelVerifyReply): void;
  addEventListener(type: "message", listener: (event: MessageEvent<WheelVerifyRequest>) => void): void;
};

scope.addEventListener("message", (event: MessageEvent<WheelVerifyRequest>) => {
  const { runId, file } = event.data;
  try {
    scope.postMessage({ runId, type: "result", report: verifyGameFile(file) });
  } catch (error) {
    scope.postMessage({
      runId,
      type: "failure",
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
