import { wheelMaxPrizes } from "@dropfair/schemas/wheel";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { useCreateWheelGame } from "../api/create";
import {
  checkGameForm,
  type GameFormErrors,
  type GameFormValues,
  initialGameValues,
  newPrizeRow,
  type PrizeRow,
} from "../model/create-form";
import { useWheelErrorText } from "./use-wheel-error";

/** The chains a game can run on: those with a LuckyWheel deployment, by name. */
export function useWheelChains() {
  const { data: config } = usePlatformConfig();
  const deployed = new Set(config?.wheel?.contracts.map((contract) => contract.chainId) ?? []);
  const chains = (config?.chains ?? []).filter((chain) => deployed.has(chain.id));
  const preferred = chains.find((chain) => chain.id === config?.defaultChainId) ?? chains[0];
  return { chains, preferredChainId: preferred?.id, loaded: config !== undefined };
}

/**
 * The create-a-game form: values, messages shown on submit (a field's message goes when it changes), prize rows
 * added and removed, then the request and the new game's page.
 */
export function useCreateGame() {
  const { t } = useTranslation(["wheel", "validation"]);
  const navigate = useLocalizedNavigate();
  const errorText = useWheelErrorText();
  const { chains, preferredChainId } = useWheelChains();
  const [values, setValues] = useState<GameFormValues>(() => initialGameValues(new Date(), undefined));
  const [errors, setErrors] = useState<GameFormErrors>({});
  const create = useCreateWheelGame();
  // The chain list arrives with the platform config: the first one fills an empty choice.
  const chainId = values.chainId || (preferredChainId === undefined ? "" : String(preferredChainId));

  const forget = (prefix: string) =>
    setErrors((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([field]) => !field.startsWith(prefix))),
    );

  function set<Key extends keyof GameFormValues>(key: Key, value: GameFormValues[Key]) {
    setValues((previous) => ({ ...previous, [key]: value }));
    forget(key);
    create.reset();
  }

  function setPrize(index: number, change: Partial<PrizeRow>) {
    setValues((previous) => ({
      ...previous,
      prizes: previous.prizes.map((row, at) => (at === index ? { ...row, ...change } : row)),
    }));
    forget(`prizes.${index}`);
    forget("prizes");
    create.reset();
  }

  function addPrize() {
    setValues((previous) => ({ ...previous, prizes: [...previous.prizes, newPrizeRow("ep")] }));
    forget("prizes");
  }

  function removePrize(index: number) {
    setValues((previous) => ({ ...previous, prizes: previous.prizes.filter((_, at) => at !== index) }));
    // Row messages are indexed: they would name the wrong row once one is gone.
    setErrors((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([field]) => !field.startsWith("prizes"))),
    );
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkGameForm({ ...values, chainId });
    setErrors(checked.errors);
    if (!checked.body) return;
    create.mutate(checked.body, {
      onSuccess: (game) => void navigate(paths.gameDetail.build({ id: game.id })),
    });
  }

  const errorOf = (field: string) => {
    const key = errors[field];
    return key ? t(key, { max: wheelMaxPrizes }) : undefined;
  };

  return {
    values: { ...values, chainId },
    chains,
    set,
    setPrize,
    addPrize,
    removePrize,
    submit,
    errorOf,
    hasErrors: Object.keys(errors).length > 0,
    pending: create.isPending,
    failure: create.isError ? (errorText(create.error) ?? t("wheel:errors.unexpected")) : undefined,
  };
}

export type CreateGameForm = ReturnType<typeof useCreateGame>;
