import type { Action } from '@gatehouse/core';
import type { Icon } from '@tabler/icons-react';
import type { ParseKeys, TFunction } from 'i18next';

export type LayoutName = 'default' | 'auth' | 'webapp';

/** Page types colour the page title (spec 2). */
export const PAGE_TYPES = [
  'Buildings',
  'Units',
  'Members',
  'Doors',
  'Groups',
  'Visitors',
  'Managers',
  'Properties',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export type TranslationKey = ParseKeys;

export interface Crumb {
  path: string;
  label: string;
  icon?: Icon;
}

/** The entities whose names a page may hand to its breadcrumbs once its data has loaded. */
export type NamedEntity =
  | 'building'
  | 'unit'
  | 'door'
  | 'manager'
  | 'member'
  | 'visitor'
  | 'account'
  | 'oauth2Client';

export interface CrumbContext {
  /** The current location (path and search), the path of the page's own crumb. */
  href: string;
  params: Readonly<Record<string, string | undefined>>;
  search: Readonly<Record<string, unknown>>;
  t: TFunction;
  /** Names from the current page data, e.g. the building's name. */
  names: Partial<Record<NamedEntity, string>>;
}

/** The spec's page props (section 2), held in each route's `staticData.page`. */
export interface PageProps {
  isProtected: boolean;
  /** An action checked with `can(roleData, action, {buildingId, unitId})` from the route params. */
  hasPermission?: Action;
  layout: LayoutName;
  title: TranslationKey;
  subtitle?: TranslationKey;
  pageType?: PageType;
  breadcrumbs: (context: CrumbContext) => Crumb[];
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    page?: PageProps;
  }
}
