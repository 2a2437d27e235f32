// The game file (docs/wheel.md): the prizes, the salt hash, every recorded spin in chain order with its outcome,
// and the salt once the game is over. With the chain and the LuckyWheel it names, anyone can check every spin.
import { buildWheelGameFile, type WheelGameFile } from "@dropfair/core/wheel";
import type { WheelDependencies } from "./dependencies.ts";
import { loadGameState } from "./games.ts";
import * as repository from "./repository.ts";
import { isRevealed } from "./views.ts";

export async function gameFileOf(
  dependencies: WheelDependencies,
  gameId: number,
): Promise<{ chainId: number; contract: string; fromBlock: string; file: WheelGameFile }> {
  const { db } = dependencies;
  const { game, prizes, status } = await loadGameState(dependencies, gameId);
  const [spins, settlement] = await Promise.all([
    repository.recordedSpins(db, gameId),
    repository.settlementOf(db, gameId),
  ]);
  const file = buildWheelGameFile({
    gameId: String(game.id),
    saltHash: game.saltHash,
    salt: isRevealed(status, settlement, dependencies.now()) ? game.salt : null,
    prizes: prizes.map((prize) => ({ id: prize.prizeId, weight: prize.weight, count: prize.count })),
    spins: spins.map((spin) => ({
      account: spin.account,
      nonce: String(spin.id),
      blockHash: spin.blockHash!,
      txHash: spin.txHash!,
      position: spin.position,
      prizeId: spin.prizeId,
    })),
  });
  return {
    chainId: game.chainId,
    contract: game.contractAddress,
    fromBlock: game.fromBlock.toString(),
    file,
  };
}
