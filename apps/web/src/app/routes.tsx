import { createRootRoute, createRoute, redirect } from '@tanstack/react-router';
import { NotFoundPage } from '../components/error-page';
import { AccountPage } from '../features/accounts/routes/account-page';
import { AccountsPage } from '../features/accounts/routes/accounts-page';
import { DoorActivityPage } from '../features/activity/routes/door-activity-page';
import { IntercomActivityPage } from '../features/activity/routes/intercom-activity-page';
import { callActivitySearch, doorActivitySearch } from '../features/activity/search';
import { ConfirmEmailChangePage } from '../features/auth/routes/confirm-email-change-page';
import { ConfirmInvitePage } from '../features/auth/routes/confirm-invite-page';
import { ForgotPasswordPage } from '../features/auth/routes/forgot-password-page';
import { LoginPage } from '../features/auth/routes/login-page';
import { ResetPasswordPage } from '../features/auth/routes/reset-password-page';
import { BuildingPage } from '../features/buildings/routes/building-page';
import { BuildingPropertiesPage } from '../features/buildings/routes/building-properties-page';
import { BuildingsPage } from '../features/buildings/routes/buildings-page';
import { NewBuildingPage } from '../features/buildings/routes/new-building-page';
import { DashboardPage } from '../features/dashboard/routes/dashboard-page';
import { DoorPage } from '../features/doors/routes/door-page';
import { DoorsPage } from '../features/doors/routes/doors-page';
import { IntercomPage } from '../features/doors/routes/intercom-page';
import { NewDoorPage } from '../features/doors/routes/new-door-page';
import { NewIntercomPage } from '../features/doors/routes/new-intercom-page';
import { EntrySchedulePage } from '../features/entry-schedules/routes/entry-schedule-page';
import { ManagerPage } from '../features/managers/routes/manager-page';
import { ManagersPage } from '../features/managers/routes/managers-page';
import { NewManagerPage } from '../features/managers/routes/new-manager-page';
import { MemberPage } from '../features/members/routes/member-page';
import { MembersPage } from '../features/members/routes/members-page';
import { NewMemberPage } from '../features/members/routes/new-member-page';
import { ConsentPage } from '../features/oauth2/routes/consent-page';
import { NewOauth2ClientPage } from '../features/oauth2/routes/new-oauth2-client-page';
import { Oauth2ClientPage } from '../features/oauth2/routes/oauth2-client-page';
import { Oauth2ClientsPage } from '../features/oauth2/routes/oauth2-clients-page';
import { ProfilePage } from '../features/profile/routes/profile-page';
import { BuildingUnitsPage } from '../features/units/routes/building-units-page';
import { NewUnitPage } from '../features/units/routes/new-unit-page';
import { UnitPage } from '../features/units/routes/unit-page';
import { UnitPropertiesPage } from '../features/units/routes/unit-properties-page';
import { UnitsPage } from '../features/units/routes/units-page';
import { NewVisitorPage } from '../features/visitors/routes/new-visitor-page';
import { VisitorPage } from '../features/visitors/routes/visitor-page';
import { VisitorsPage } from '../features/visitors/routes/visitors-page';
import { MyDoorsPage } from '../features/webapp/routes/my-doors-page';
import { VisitorDoorsPage } from '../features/webapp/routes/visitor-doors-page';
import type { PageProps } from '../lib/page';
import { rawHref } from '../lib/raw-location';
import { isLoggedIn } from '../lib/token-service';
import {
  accountsTrail,
  buildingsTrail,
  buildingTrail,
  dashboardTrail,
  doorsTrail,
  doorTrail,
  loginTrail,
  managersTrail,
  oauth2ClientsTrail,
  profileTrail,
  underBuilding,
  underUnit,
  unitsTrail,
  unitTrail,
  webappTrail,
  withNamedPage,
  withPage,
} from './breadcrumbs';
import { RootComponent } from './page-shell';

const page = (props: PageProps) => ({ page: props });

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function redirectSearch(search: Record<string, unknown>): { redirect?: string } {
  const redirect = optionalString(search.redirect);
  return redirect ? { redirect } : {};
}

function tokenSearch(search: Record<string, unknown>): { token?: string } {
  const token = optionalString(search.token);
  return token ? { token } : {};
}

/** The building list's search, page and sort, kept in the URL; defaults are left out of it. */
interface BuildingListSearch {
  search?: string;
  page?: number;
  sort?: 'city' | 'inserted_at';
  order?: 'desc';
}

function buildingListSearch(search: Record<string, unknown>): BuildingListSearch {
  const result: BuildingListSearch = {};
  // The router reads "?search=123" as a number.
  const text = typeof search.search === 'number' ? String(search.search) : optionalString(search.search);
  if (text?.trim()) result.search = text.trim();
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  if (search.sort === 'city' || search.sort === 'inserted_at') result.sort = search.sort;
  if (search.order === 'desc') result.order = 'desc';
  return result;
}

/** A paged list's search, page and sort, kept in the URL; defaults (first sort, ascending) are left out. */
interface PagedListSearch<Sort extends string> {
  search?: string;
  page?: number;
  sort?: Sort;
  order?: 'desc';
}

function pagedListSearch<Sort extends string>(sorts: readonly Sort[]) {
  return (search: Record<string, unknown>): PagedListSearch<Sort> => {
    const result: PagedListSearch<Sort> = {};
    const text = typeof search.search === 'number' ? String(search.search) : optionalString(search.search);
    if (text?.trim()) result.search = text.trim();
    const page = Number(search.page);
    if (Number.isInteger(page) && page > 1) result.page = page;
    const sort = sorts.find((value) => value === search.sort);
    if (sort) result.sort = sort;
    if (search.order === 'desc') result.order = 'desc';
    return result;
  };
}

/** Units sort by name (the default) or by age. */
const unitListSearch = pagedListSearch(['inserted_at'] as const);

/** `/units` may also be narrowed to one building (`?building_id=`). */
function allUnitsSearch(
  search: Record<string, unknown>,
): PagedListSearch<'inserted_at'> & { building_id?: string } {
  const buildingId = optionalString(search.building_id);
  return { ...unitListSearch(search), ...(buildingId ? { building_id: buildingId } : {}) };
}

/** Accounts sort by email (the default), last name or age. */
const accountListSearch = pagedListSearch(['last_name', 'inserted_at'] as const);

/** `?building=` keeps the building a unit page was reached from, for its breadcrumbs (spec 2). */
function unitSearch(search: Record<string, unknown>): { building?: string } {
  const building = optionalString(search.building);
  return building ? { building } : {};
}

export const rootRoute = createRootRoute({
  component: RootComponent,
  notFoundComponent: () => <NotFoundPage />,
  // Spec 4: a logged-out user who reaches a protected page goes to the login page, and back after it.
  beforeLoad: ({ location, matches }) => {
    const page = matches[matches.length - 1]?.staticData?.page;
    if (page?.isProtected && !isLoggedIn()) {
      // The raw URL, not the router's re-serialised one: e.g. an OAuth2 request's `state` must survive.
      throw redirect({ to: '/auth/login', search: { redirect: rawHref(location) }, replace: true });
    }
  },
});

const child = { getParentRoute: () => rootRoute };

// Dashboard, profile, auth

const dashboardRoute = createRoute({
  ...child,
  path: '/',
  component: DashboardPage,
  staticData: page({
    isProtected: true,
    layout: 'default',
    title: 'pages.dashboard.title',
    breadcrumbs: dashboardTrail,
  }),
});

const loginRoute = createRoute({
  ...child,
  path: '/auth/login',
  validateSearch: redirectSearch,
  component: LoginPage,
  staticData: page({
    isProtected: false,
    layout: 'auth',
    title: 'pages.login.title',
    breadcrumbs: loginTrail,
  }),
});

const forgotPasswordRoute = createRoute({
  ...child,
  path: '/auth/forgot_password',
  component: ForgotPasswordPage,
  staticData: page({
    isProtected: false,
    layout: 'auth',
    title: 'pages.forgotPassword.title',
    subtitle: 'pages.forgotPassword.subtitle',
    breadcrumbs: withPage(loginTrail, 'pages.forgotPassword.title'),
  }),
});

const resetPasswordRoute = createRoute({
  ...child,
  path: '/auth/reset_password',
  validateSearch: tokenSearch,
  component: ResetPasswordPage,
  staticData: page({
    isProtected: false,
    layout: 'auth',
    title: 'pages.resetPassword.title',
    breadcrumbs: withPage(loginTrail, 'pages.resetPassword.title'),
  }),
});

const confirmInviteRoute = createRoute({
  ...child,
  path: '/auth/confirm_invite',
  validateSearch: tokenSearch,
  component: ConfirmInvitePage,
  staticData: page({
    isProtected: false,
    layout: 'auth',
    title: 'pages.confirmInvite.title',
    subtitle: 'pages.confirmInvite.subtitle',
    breadcrumbs: withPage(loginTrail, 'pages.confirmInvite.title'),
  }),
});

// The call needs a session (decision 002 does not mark it "no auth"): a logged-out user signs in first.
const confirmEmailChangeRoute = createRoute({
  ...child,
  path: '/auth/confirm_email_change',
  validateSearch: tokenSearch,
  component: ConfirmEmailChangePage,
  staticData: page({
    isProtected: true,
    layout: 'auth',
    title: 'pages.confirmEmailChange.title',
    breadcrumbs: withPage(profileTrail, 'pages.confirmEmailChange.title'),
  }),
});

const profileRoute = createRoute({
  ...child,
  path: '/profile',
  component: ProfilePage,
  staticData: page({
    isProtected: true,
    layout: 'default',
    title: 'pages.profile.title',
    subtitle: 'pages.profile.subtitle',
    breadcrumbs: profileTrail,
  }),
});

// Buildings

const buildingsRoute = createRoute({
  ...child,
  path: '/buildings',
  validateSearch: buildingListSearch,
  component: BuildingsPage,
  staticData: page({
    isProtected: true,
    layout: 'default',
    title: 'pages.buildings.title',
    pageType: 'Buildings',
    breadcrumbs: buildingsTrail,
  }),
});

const newBuildingRoute = createRoute({
  ...child,
  path: '/buildings/new',
  component: NewBuildingPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'buildingCreate',
    layout: 'default',
    title: 'pages.newBuilding.title',
    pageType: 'Buildings',
    breadcrumbs: withPage(buildingsTrail, 'pages.newBuilding.title'),
  }),
});

const buildingRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId',
  component: BuildingPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'buildingRead',
    layout: 'default',
    title: 'pages.building.title',
    pageType: 'Buildings',
    breadcrumbs: buildingTrail,
  }),
});

const buildingPropertiesRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/properties',
  component: BuildingPropertiesPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'buildingUpdate',
    layout: 'default',
    title: 'pages.buildingProperties.title',
    pageType: 'Properties',
    breadcrumbs: underBuilding('properties', 'breadcrumbs.properties'),
  }),
});

const buildingUnitsRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/units',
  validateSearch: unitListSearch,
  component: BuildingUnitsPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'buildingRead',
    layout: 'default',
    title: 'pages.buildingUnits.title',
    pageType: 'Units',
    breadcrumbs: underBuilding('units', 'breadcrumbs.units'),
  }),
});

const newUnitRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/units/new',
  component: NewUnitPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'unitCreate',
    layout: 'default',
    title: 'pages.newUnit.title',
    pageType: 'Units',
    breadcrumbs: withPage(underBuilding('units', 'breadcrumbs.units'), 'pages.newUnit.title'),
  }),
});

const doorsRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/doors',
  component: DoorsPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'doorRead',
    layout: 'default',
    title: 'pages.doors.title',
    pageType: 'Doors',
    breadcrumbs: doorsTrail,
  }),
});

const newDoorRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/doors/new',
  component: NewDoorPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'doorCreate',
    layout: 'default',
    title: 'pages.newDoor.title',
    pageType: 'Doors',
    breadcrumbs: withPage(doorsTrail, 'pages.newDoor.title'),
  }),
});

const doorRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/doors/$doorId',
  component: DoorPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'doorRead',
    layout: 'default',
    title: 'pages.door.title',
    pageType: 'Doors',
    breadcrumbs: doorTrail,
  }),
});

const doorActivityRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/door_entries',
  validateSearch: doorActivitySearch,
  component: DoorActivityPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'doorLogRead',
    layout: 'default',
    title: 'pages.doorActivity.title',
    pageType: 'Doors',
    breadcrumbs: underBuilding('door_entries', 'pages.doorActivity.title'),
  }),
});

const intercomActivityRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/call_entries',
  validateSearch: callActivitySearch,
  component: IntercomActivityPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'callRead',
    layout: 'default',
    title: 'pages.intercomActivity.title',
    pageType: 'Doors',
    breadcrumbs: underBuilding('call_entries', 'pages.intercomActivity.title'),
  }),
});

const intercomRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/doors/$doorId/intercom',
  component: IntercomPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'intercomRead',
    layout: 'default',
    title: 'pages.intercom.title',
    pageType: 'Doors',
    breadcrumbs: withPage(doorTrail, 'pages.intercom.title'),
  }),
});

const newIntercomRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/doors/$doorId/intercom/new',
  component: NewIntercomPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'intercomUpdate',
    layout: 'default',
    title: 'pages.newIntercom.title',
    pageType: 'Doors',
    breadcrumbs: withPage(doorTrail, 'pages.newIntercom.title'),
  }),
});

const managersRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/managers',
  component: ManagersPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'managerRead',
    layout: 'default',
    title: 'pages.managers.title',
    pageType: 'Managers',
    breadcrumbs: managersTrail,
  }),
});

const newManagerRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/managers/new',
  component: NewManagerPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'managerCreate',
    layout: 'default',
    title: 'pages.newManager.title',
    pageType: 'Managers',
    breadcrumbs: withPage(managersTrail, 'pages.newManager.title'),
  }),
});

const managerRoute = createRoute({
  ...child,
  path: '/buildings/$buildingId/managers/$managerId',
  component: ManagerPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'managerRead',
    layout: 'default',
    title: 'pages.manager.title',
    pageType: 'Managers',
    breadcrumbs: withNamedPage(managersTrail, 'manager', 'breadcrumbs.manager'),
  }),
});

// Units

const unitsRoute = createRoute({
  ...child,
  path: '/units',
  validateSearch: allUnitsSearch,
  component: UnitsPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'unitList',
    layout: 'default',
    title: 'pages.units.title',
    pageType: 'Units',
    breadcrumbs: unitsTrail,
  }),
});

const unitRoute = createRoute({
  ...child,
  path: '/units/$unitId',
  validateSearch: unitSearch,
  component: UnitPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'unitRead',
    layout: 'default',
    title: 'pages.unit.title',
    pageType: 'Units',
    breadcrumbs: unitTrail,
  }),
});

const unitPropertiesRoute = createRoute({
  ...child,
  path: '/units/$unitId/properties',
  validateSearch: unitSearch,
  component: UnitPropertiesPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'unitUpdate',
    layout: 'default',
    title: 'pages.unitProperties.title',
    pageType: 'Properties',
    breadcrumbs: underUnit('properties', 'breadcrumbs.properties'),
  }),
});

const membersRoute = createRoute({
  ...child,
  path: '/units/$unitId/members',
  validateSearch: unitSearch,
  component: MembersPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'memberRead',
    layout: 'default',
    title: 'pages.members.title',
    pageType: 'Members',
    breadcrumbs: underUnit('members', 'breadcrumbs.members'),
  }),
});

const newMemberRoute = createRoute({
  ...child,
  path: '/units/$unitId/members/new',
  validateSearch: unitSearch,
  component: NewMemberPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'memberCreate',
    layout: 'default',
    title: 'pages.newMember.title',
    pageType: 'Members',
    breadcrumbs: withPage(underUnit('members', 'breadcrumbs.members'), 'pages.newMember.title'),
  }),
});

const memberRoute = createRoute({
  ...child,
  path: '/units/$unitId/members/$memberId',
  validateSearch: unitSearch,
  component: MemberPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'memberRead',
    layout: 'default',
    title: 'pages.member.title',
    pageType: 'Members',
    breadcrumbs: withNamedPage(underUnit('members', 'breadcrumbs.members'), 'member', 'breadcrumbs.member'),
  }),
});

const visitorsRoute = createRoute({
  ...child,
  path: '/units/$unitId/visitors',
  validateSearch: unitSearch,
  component: VisitorsPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'visitorRead',
    layout: 'default',
    title: 'pages.visitors.title',
    pageType: 'Visitors',
    breadcrumbs: underUnit('visitors', 'breadcrumbs.visitors'),
  }),
});

const newVisitorRoute = createRoute({
  ...child,
  path: '/units/$unitId/visitors/new',
  validateSearch: unitSearch,
  component: NewVisitorPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'visitorAll',
    layout: 'default',
    title: 'pages.newVisitor.title',
    pageType: 'Visitors',
    breadcrumbs: withPage(underUnit('visitors', 'breadcrumbs.visitors'), 'pages.newVisitor.title'),
  }),
});

const visitorRoute = createRoute({
  ...child,
  path: '/units/$unitId/visitors/$visitorId',
  validateSearch: unitSearch,
  component: VisitorPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'visitorRead',
    layout: 'default',
    title: 'pages.visitor.title',
    pageType: 'Visitors',
    breadcrumbs: withNamedPage(
      underUnit('visitors', 'breadcrumbs.visitors'),
      'visitor',
      'breadcrumbs.visitor',
    ),
  }),
});

const entryScheduleRoute = createRoute({
  ...child,
  path: '/units/$unitId/entry_schedules/$doorId',
  validateSearch: unitSearch,
  component: EntrySchedulePage,
  staticData: page({
    isProtected: true,
    hasPermission: 'entryScheduleRead',
    layout: 'default',
    title: 'pages.entrySchedule.title',
    pageType: 'Doors',
    breadcrumbs: withNamedPage(unitTrail, 'door', 'pages.entrySchedule.title'),
  }),
});

// Accounts

const accountsRoute = createRoute({
  ...child,
  path: '/accounts',
  validateSearch: accountListSearch,
  component: AccountsPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'userList',
    layout: 'default',
    title: 'pages.accounts.title',
    breadcrumbs: accountsTrail,
  }),
});

const accountRoute = createRoute({
  ...child,
  path: '/accounts/$accountId',
  component: AccountPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'userRead',
    layout: 'default',
    title: 'pages.account.title',
    breadcrumbs: withNamedPage(accountsTrail, 'account', 'breadcrumbs.account'),
  }),
});

// Third-party apps (OAuth2): the superadmin's register under /accounts, and the users' consent page

const oauth2ClientsRoute = createRoute({
  ...child,
  path: '/accounts/oauth2_clients',
  component: Oauth2ClientsPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'oauth2ClientManage',
    layout: 'default',
    title: 'pages.oauth2Clients.title',
    breadcrumbs: oauth2ClientsTrail,
  }),
});

const newOauth2ClientRoute = createRoute({
  ...child,
  path: '/accounts/oauth2_clients/new',
  component: NewOauth2ClientPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'oauth2ClientManage',
    layout: 'default',
    title: 'pages.newOauth2Client.title',
    breadcrumbs: withPage(oauth2ClientsTrail, 'pages.newOauth2Client.title'),
  }),
});

const oauth2ClientRoute = createRoute({
  ...child,
  path: '/accounts/oauth2_clients/$clientId',
  component: Oauth2ClientPage,
  staticData: page({
    isProtected: true,
    hasPermission: 'oauth2ClientManage',
    layout: 'default',
    title: 'pages.oauth2Client.title',
    breadcrumbs: withNamedPage(oauth2ClientsTrail, 'oauth2Client', 'breadcrumbs.oauth2Client'),
  }),
});

// Any signed-in user; a signed-out one signs in first and comes back to the same request (its query kept).
const oauth2AuthorizeRoute = createRoute({
  ...child,
  path: '/oauth2/authorize',
  component: ConsentPage,
  staticData: page({
    isProtected: true,
    layout: 'auth',
    title: 'pages.oauth2Authorize.title',
    breadcrumbs: ({ href, t }) => [{ path: href, label: t('pages.oauth2Authorize.title') }],
  }),
});

// Webapp

const webappRoute = createRoute({
  ...child,
  path: '/webapp',
  component: MyDoorsPage,
  staticData: page({
    isProtected: true,
    layout: 'webapp',
    title: 'pages.webapp.title',
    breadcrumbs: webappTrail,
  }),
});

const visitorAccessRoute = createRoute({
  ...child,
  path: '/visitor/$uuid',
  component: VisitorDoorsPage,
  staticData: page({
    isProtected: false,
    layout: 'webapp',
    title: 'pages.visitorAccess.title',
    breadcrumbs: ({ href, t }) => [{ path: href, label: t('pages.visitorAccess.title') }],
  }),
});

export const routeTree = rootRoute.addChildren([
  dashboardRoute,
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  confirmInviteRoute,
  confirmEmailChangeRoute,
  profileRoute,
  buildingsRoute,
  newBuildingRoute,
  buildingRoute,
  buildingPropertiesRoute,
  buildingUnitsRoute,
  newUnitRoute,
  doorsRoute,
  newDoorRoute,
  doorRoute,
  doorActivityRoute,
  intercomActivityRoute,
  intercomRoute,
  newIntercomRoute,
  managersRoute,
  newManagerRoute,
  managerRoute,
  unitsRoute,
  unitRoute,
  unitPropertiesRoute,
  membersRoute,
  newMemberRoute,
  memberRoute,
  visitorsRoute,
  newVisitorRoute,
  visitorRoute,
  entryScheduleRoute,
  accountsRoute,
  accountRoute,
  oauth2ClientsRoute,
  newOauth2ClientRoute,
  oauth2ClientRoute,
  oauth2AuthorizeRoute,
  webappRoute,
  visitorAccessRoute,
]);
