import { useCallback } from 'react';
import { useT } from '../../../core/i18n/I18nProvider';
import { regionMessage } from '../../../core/ui/regions';
import { REGION_NOT_SET } from './regionFigures';

/**
 * A region's name as the region settings name it (its message, else the stored value as it is),
 * and "region not set" for companies without one.
 */
export function useRegionName() {
  const t = useT();
  return useCallback(
    (regionKey: string) => {
      if (regionKey === REGION_NOT_SET) return t('viewsRegion.notSet');
      const id = regionMessage(regionKey);
      return id ? t(id) : regionKey;
    },
    [t],
  );
}
