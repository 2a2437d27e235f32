import { emailMessage, emailProblem } from "@dropfair/core/feedback";
import { Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/use-locale";
import { useSubscribe } from "../api/subscribe";
import classes from "./feedback.module.css";
import { HoneypotField } from "./honeypot-field";

/**
 * The newsletter's subscribe form: 'E-mail address is empty' and the re-enter message are shown before sending;
 * the server checks again. Sending the newsletter itself is not part of this service.
 */
export function NewsletterForm({ testId = "newsletter-form" }: { testId?: string }) {
  const { t } = useTranslation(["feedback", "validation"]);
  const locale = useLocale();
  const subscribe = useSubscribe();
  const [email, setEmail] = useState("");
  const [website, setWebsite] = useState("");
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem ? t(`validation:${emailMessage(problem)}`) : undefined);
    if (problem) return;
    subscribe.mutate(
      { email, locale, website },
      {
        onSuccess: () => setEmail(""),
        onError: (failure) => setError(failure.message),
      },
    );
  }

  if (subscribe.isSuccess)
    return (
      <Text size="sm" c="jade" fw={600} role="status" data-testid={`${testId}-done`}>
        {t("feedback:newsletter.done")}
      </Text>
    );

  return (
    <form onSubmit={submit} noValidate data-testid={testId} aria-label={t("feedback:newsletter.title")}>
      <div className={classes.newsletterRow}>
        <TextInput
          className={classes.newsletterInput}
          type="email"
          aria-label={t("feedback:newsletter.email")}
          placeholder={t("feedback:newsletter.placeholder")}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          autoComplete="email"
          data-testid={`${testId}-email`}
        />
        <Button type="submit" loading={subscribe.isPending} data-testid={`${testId}-submit`}>
          {t("feedback:newsletter.submit")}
        </Button>
      </div>
      <HoneypotField value={website} onChange={setWebsite} />
    </form>
  );
}

/** The home page's newsletter band. */
export function NewsletterSection() {
  const { t } = useTranslation("feedback");
  return (
    <div className={classes.newsletterBand}>
      <Stack gap="sm">
        <Title order={2}>{t("newsletter.title")}</Title>
        <Text c="dimmed">{t("newsletter.text")}</Text>
        <NewsletterForm testId="home-newsletter" />
      </Stack>
    </div>
  );
}
