import type { CamelCasedKeys, AppConfig as WireAppConfig } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/** `GET /app_config` (no auth), after the camelCase mapping. */
export type AppConfig = CamelCasedKeys<WireAppConfig>;

export async function getAppConfig(): Promise<AppConfig> {
  const { data } = await apiClient.get<AppConfig>('/app_config', { auth: false });
  return data;
}

export function useAppConfig() {
  return useQuery({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Number.POSITIVE_INFINITY });
}
