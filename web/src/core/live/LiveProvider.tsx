import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../auth/sessionStore';
import { LiveConnection, liveUrl, type LiveStatus } from './liveConnection';
import { queryKeysForNotice } from './topics';

const LiveStatusContext = createContext<LiveStatus>('stopped');

/**
 * One WebSocket to /api/live per tab while logged in. Each notice invalidates the queries the
 * features follow its topic with (topics.ts); after a reconnection every query is refetched,
 * since notices were missed meanwhile.
 * The connection is reopened when the selected company changes.
 */
export function LiveProvider({ companyId, children }: { companyId: string | undefined; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!companyId) return;
    const connection = new LiveConnection({
      url: () => {
        const token = sessionStore.getToken();
        return token ? liveUrl(window.location, token) : null;
      },
      onNotices: (notices) => {
        const seen = new Set<string>();
        for (const notice of notices) {
          for (const queryKey of queryKeysForNotice(notice)) {
            const id = JSON.stringify(queryKey);
            if (seen.has(id)) continue;
            seen.add(id);
            void queryClient.invalidateQueries({ queryKey: [...queryKey] });
          }
        }
      },
      onReconnected: () => void queryClient.invalidateQueries(),
      onStatus: setStatus,
      onUnauthorized: () => sessionStore.logout('unauthorized'),
    });
    connection.start();
    const online = () => connection.reconnectNow();
    const visible = () => document.visibilityState === 'visible' && connection.reconnectNow();
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      connection.stop();
    };
  }, [companyId, queryClient]);

  return <LiveStatusContext.Provider value={status}>{children}</LiveStatusContext.Provider>;
}

export const useLiveStatus = () => useContext(LiveStatusContext);
