import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileAnswer } from '#shared/contracts/profile.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { patchStoredUser } from '../../../lib/auth/sign-in.js';
import { sendEmailVerification } from '../../../lib/auth/api/send-email-verification.js';
import { updateProfile } from '../api/update-profile.js';
import styles from './profile-page.module.css';

interface Props {
  profile: ProfileAnswer;
}

/** Read-only username; first name, last name and email with its verification badge. */
export function AccountSection({ profile }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [firstName, setFirstName] = useState(profile.first_name);
  const [lastName, setLastName] = useState(profile.last_name);
  const [email, setEmail] = useState(profile.email);
  const [saving, setSaving] = useState(false);
  const [sending, setSending] = useState(false);

  const dirty = firstName !== profile.first_name || lastName !== profile.last_name || email.trim() !== profile.email;
  const canSendVerification = !profile.email_verified && profile.email !== '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const next = await updateProfile({
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        email: email.trim(),
      });
      setFirstName(next.first_name);
      setLastName(next.last_name);
      setEmail(next.email);
      patchStoredUser({
        first_name: next.first_name,
        last_name: next.last_name,
        email: next.email,
        email_verified: next.email_verified,
      });
      toast.success(t('profile.account.updated'));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.account.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  const onSendVerification = async () => {
    setSending(true);
    try {
      const answer = await sendEmailVerification();
      toast.success(answer.message || t('profile.account.verificationSent'));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.account.verificationFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card
      id="profile-account"
      testId="profile-account"
      title={t('profile.account.title')}
      description={t('profile.account.description')}
    >
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('profile.account.username')}
          name="username"
          value={profile.username}
          onChange={() => undefined}
          readOnly
        />
        <div className={form.grid}>
          <TextField
            label={t('profile.account.firstName')}
            name="first_name"
            autoComplete="given-name"
            value={firstName}
            onChange={setFirstName}
          />
          <TextField
            label={t('profile.account.lastName')}
            name="last_name"
            autoComplete="family-name"
            value={lastName}
            onChange={setLastName}
          />
        </div>
        <div className={form.field}>
          <TextField
            label={t('profile.account.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            hint={t('profile.account.emailChangeHint')}
          />
          {profile.email && (
            <div className={styles.emailRow}>
              <span
                className={`${styles.badge} ${profile.email_verified ? styles.verified : styles.unverified}`}
                data-testid="email-verified-badge"
              >
                {profile.email_verified ? `✓ ${t('profile.account.verified')}` : t('profile.account.notVerified')}
              </span>
              {canSendVerification && (
                <button
                  type="button"
                  className={`${button.button} ${button.ghost} ${button.small}`}
                  onClick={() => void onSendVerification()}
                  disabled={sending}
                  data-testid="send-verification"
                >
                  {sending ? t('profile.account.sending') : t('profile.account.sendVerification')}
                </button>
              )}
            </div>
          )}
        </div>
        <div className={form.actions}>
          <button type="submit" className={`${button.button} ${button.primary}`} disabled={saving || !dirty}>
            {saving ? t('profile.saving') : t('profile.save')}
          </button>
        </div>
      </form>
    </Card>
  );
}
