import { MantineProvider } from "@mantine/core";
import { act, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { formatLineNumbers } from "../model/line-numbers";
import { ParticipantReportView } from "./participant-report";

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["airdrop", "validation"]));
  await act(() => i18n.loadLanguages(["cn"]));
});

function renderReport(report: Parameters<typeof ParticipantReportView>[0]["report"]) {
  return render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <ParticipantReportView report={report} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

const report = {
  accepted: 3,
  totalWeight: 5,
  wrongLines: [2],
  wrongCount: 1,
  duplicateLines: [5],
  duplicateCount: 1,
  unresolvedLines: [],
  unresolvedCount: 0,
  uncheckedCount: 0,
};

describe("the participant upload report", () => {
  it("shows the accepted count, the total weight, and the wrong and duplicate lines by number", async () => {
    await i18n.changeLanguage("en");
    renderReport(report);
    expect(screen.getByTestId("report-accepted").textContent).toBe("3 accepted");
    expect(screen.getByTestId("report-weight").textContent).toBe("Total weight: 5");
    expect(screen.getByTestId("report-wrong").textContent).toBe("Wrong lines: 2");
    expect(screen.getByTestId("report-duplicate").textContent).toBe("Duplicate lines: 5");
    expect(screen.queryByTestId("report-unresolved")).toBeNull();
  });

  it("uses the Chinese catalogue messages", async () => {
    await i18n.changeLanguage("cn");
    renderReport({ ...report, wrongLines: [2, 7], wrongCount: 2 });
    expect(screen.getByTestId("report-wrong").textContent).toBe("格式错误的行：2, 7");
    expect(screen.getByTestId("report-duplicate").textContent).toBe("重复的行：5");
  });

  it("says how many Telegram or Discord accounts could not be checked, in both languages", async () => {
    await i18n.changeLanguage("en");
    const { unmount } = renderReport({ ...report, uncheckedCount: 2 });
    expect(screen.getByTestId("report-unchecked").textContent).toBe(
      "2 accounts could not be checked; they are matched when their owners claim.",
    );
    unmount();
    await i18n.changeLanguage("cn");
    renderReport({ ...report, uncheckedCount: 1 });
    expect(screen.getByTestId("report-unchecked").textContent).toBe("1 个账户无法校验，将在领取时匹配。");
  });

  it("shows no problem lines for a clean list", async () => {
    await i18n.changeLanguage("en");
    renderReport({ ...report, wrongLines: [], wrongCount: 0, duplicateLines: [], duplicateCount: 0 });
    expect(screen.queryByTestId("report-wrong")).toBeNull();
    expect(screen.queryByTestId("report-duplicate")).toBeNull();
  });

  it("summarises line numbers beyond what the API listed", () => {
    expect(formatLineNumbers([1, 2, 3], 3)).toBe("1, 2, 3");
    expect(formatLineNumbers([1, 2, 3], 1200)).toBe("1, 2, 3 … (+1197)");
    expect(formatLineNumbers([1, 2, 3, 4], 4, 2)).toBe("1, 2 … (+2)");
  });
});
