import { useQuery } from '@tanstack/react-query';
import { authorizedSectionsQuery } from '../../../core/api/queries';
import type { CompanySection } from '../../../core/api/types';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useRouteAsOf } from '../../../core/workspace/asOf';

/**
 * The sections a view lists: the workspace's (those the user may act on) now, or, on a page shown
 * as of a past moment (`?asOf=`), the same sections as they stood then — named, nested and
 * existing as the log had them, so the tree matches the figures beside it.
 */
export function useViewSections(): { sections: CompanySection[]; isPending: boolean } {
  const { companyId, sections } = useWorkspace();
  const asOf = useRouteAsOf();
  const past = useQuery({ ...authorizedSectionsQuery(companyId, asOf), enabled: asOf !== null && Boolean(companyId) });
  if (asOf === null) return { sections, isPending: false };
  return { sections: past.data ?? [], isPending: past.isPending };
}
