import { Button, CopyButton, Group, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useLocalizePath } from "../../../shared/i18n/use-locale";
import { IconCheck, IconCopy, IconDownload, IconScale, IconShare, IconX } from "../../../shared/ui/icons";
import { downloadDrawFile } from "../api/download-draw-file";
import { usePickerErrorText } from "../hooks/use-picker-error";

/** The X share intent for a picker link. */
export function shareOnXUrl(text: string, url: string) {
  return `https://x.com/intent/post?${new URLSearchParams({ text, url })}`;
}

/** Share (copy link, post on X), download the draw file, and verify the draw in the simulator. */
export function ShareActions({
  id,
  seed,
  ownerUsername,
  drawn,
  version,
}: {
  id: number;
  seed: string;
  ownerUsername: string;
  drawn: boolean;
  version: number;
}) {
  const { t } = useTranslation(["picker", "validation"]);
  const localize = useLocalizePath();
  const errorText = usePickerErrorText();
  const [downloading, setDownloading] = useState(false);
  const detailPath = version === 1 ? paths.pickerDetail.build({ id }) : paths.picker2Detail.build({ id });
  const link = `${window.location.origin}${localize(detailPath)}`;

  async function download() {
    setDownloading(true);
    try {
      await downloadDrawFile(id);
    } catch (error) {
      notifications.show({ color: "red", message: errorText(error) ?? t("picker:errors.unexpected") });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Group gap="xs" wrap="wrap">
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="white"
            color="dark"
            size="xs"
            leftSection={<IconShare size={14} />}
            data-testid="share"
          >
            {t("picker:share.button")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Menu.Item
                closeMenuOnClick={false}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={() => {
                  try {
                    copy();
                  } catch {
                    notifications.show({
                      color: "red",
                      message: t("validation:validation.request.copyFailed"),
                    });
                  }
                }}
                data-testid="share-copy"
              >
                {copied ? t("picker:share.copied") : t("picker:share.copy")}
              </Menu.Item>
            )}
          </CopyButton>
          <Menu.Item
            component="a"
            href={shareOnXUrl(t("picker:share.text", { username: ownerUsername, seed }), link)}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconX size={12} />}
            data-testid="share-x"
          >
            {t("picker:share.onX")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {drawn && (
        <Button
          variant="white"
          color="dark"
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={downloading}
          onClick={() => void download()}
          data-testid="download-draw-file"
        >
          {t("picker:share.drawFile")}
        </Button>
      )}
      {drawn && (
        <Button
          component={LocaleLink}
          to={`${paths.simulator.build()}?${new URLSearchParams({ seed })}`}
          variant="white"
          color="dark"
          size="xs"
          leftSection={<IconScale size={14} />}
          data-testid="simulator-link"
        >
          {t("picker:share.verify")}
        </Button>
      )}
    </Group>
  );
}
