import {
  IconApps,
  IconBuildingSkyscraper,
  IconDeviceMobile,
  IconDoor,
  IconLayoutDashboard,
  IconLogin,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { Crumb, CrumbContext, NamedEntity, TranslationKey } from '../lib/page';

type Trail = (context: CrumbContext) => Crumb[];
type LabelKey = TranslationKey;

const param = (context: CrumbContext, name: string): string => context.params[name] ?? '';

/** The building a unit page was reached from (`?building=`), which prefixes its trail (spec 2). */
function fromBuilding(context: CrumbContext): string | undefined {
  const value = context.search.building;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export const dashboardTrail: Trail = ({ t }) => [
  { path: '/', label: t('nav.dashboard'), icon: IconLayoutDashboard },
];
export const profileTrail: Trail = ({ t }) => [
  { path: '/profile', label: t('nav.profile'), icon: IconUserCircle },
];
export const webappTrail: Trail = ({ t }) => [
  { path: '/webapp', label: t('nav.webapp'), icon: IconDeviceMobile },
];
export const loginTrail: Trail = ({ t }) => [
  { path: '/auth/login', label: t('pages.login.title'), icon: IconLogin },
];

export const buildingsTrail: Trail = ({ t }) => [
  { path: '/buildings', label: t('nav.buildings'), icon: IconBuildingSkyscraper },
];

function buildingTrailOf(context: CrumbContext, buildingId: string): Crumb[] {
  return [
    ...buildingsTrail(context),
    { path: `/buildings/${buildingId}`, label: context.names.building ?? context.t('breadcrumbs.building') },
  ];
}

export const buildingTrail: Trail = (context) => buildingTrailOf(context, param(context, 'buildingId'));

/** A crumb below the current building, e.g. Buildings > building > Doors. */
export function underBuilding(segment: string, labelKey: LabelKey): Trail {
  return (context) => [
    ...buildingTrail(context),
    { path: `/buildings/${param(context, 'buildingId')}/${segment}`, label: String(context.t(labelKey)) },
  ];
}

export const doorsTrail = underBuilding('doors', 'breadcrumbs.doors');

export const doorTrail: Trail = (context) => [
  ...doorsTrail(context),
  {
    path: `/buildings/${param(context, 'buildingId')}/doors/${param(context, 'doorId')}`,
    label: context.names.door ?? context.t('breadcrumbs.door'),
    icon: IconDoor,
  },
];

export const managersTrail = underBuilding('managers', 'breadcrumbs.managers');

/** Units, prefixed with the building crumb when reached from a building view. */
export const unitsTrail: Trail = (context) => {
  const buildingId = fromBuilding(context);
  if (buildingId) {
    return [
      ...buildingTrailOf(context, buildingId),
      { path: `/buildings/${buildingId}/units`, label: context.t('breadcrumbs.units') },
    ];
  }
  return [{ path: '/units', label: context.t('nav.units'), icon: IconDoor }];
};

function withBuilding(context: CrumbContext, path: string): string {
  const buildingId = fromBuilding(context);
  return buildingId ? `${path}?building=${encodeURIComponent(buildingId)}` : path;
}

export const unitTrail: Trail = (context) => [
  ...unitsTrail(context),
  {
    path: withBuilding(context, `/units/${param(context, 'unitId')}`),
    label: context.names.unit ?? context.t('breadcrumbs.unit'),
  },
];

/** A crumb below the current unit, e.g. Units > unit > Members. */
export function underUnit(segment: string, labelKey: LabelKey): Trail {
  return (context) => [
    ...unitTrail(context),
    {
      path: withBuilding(context, `/units/${param(context, 'unitId')}/${segment}`),
      label: String(context.t(labelKey)),
    },
  ];
}

export const accountsTrail: Trail = ({ t }) => [
  { path: '/accounts', label: t('nav.accounts'), icon: IconUsers },
];

export const oauth2ClientsTrail: Trail = (context) => [
  ...accountsTrail(context),
  { path: '/accounts/oauth2_clients', label: context.t('breadcrumbs.oauth2Clients'), icon: IconApps },
];

/** The trail, then the current page under a fixed label. */
export function withPage(trail: Trail, labelKey: LabelKey): Trail {
  return (context) => [...trail(context), { path: context.href, label: String(context.t(labelKey)) }];
}

/** The trail, then the current page under the name from its data (or a generic label until loaded). */
export function withNamedPage(trail: Trail, entity: NamedEntity, fallbackKey: LabelKey): Trail {
  return (context) => [
    ...trail(context),
    { path: context.href, label: context.names[entity] ?? String(context.t(fallbackKey)) },
  ];
}
