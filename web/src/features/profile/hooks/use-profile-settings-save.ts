import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BodyOf } from '#shared/contracts/define-route.js';
import type { ProfileAnswer, updateProfile as updateRoute } from '#shared/contracts/profile.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { updateProfile } from '../api/update-profile.js';

/**
 * Saving one settings section of the profile: the PATCH, the saved values handed back to the
 * form, and the toast (the section's own "updated" text, or the server's detail).
 */
export function useProfileSettingsSave(section: 'learnerDay' | 'review') {
  const { t } = useTranslation();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const save = async (patch: BodyOf<typeof updateRoute>, saved: (profile: ProfileAnswer) => void) => {
    setSaving(true);
    try {
      saved(await updateProfile(patch));
      toast.success(t(`profile.${section}.updated`));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t(`profile.${section}.updateFailed`)));
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
