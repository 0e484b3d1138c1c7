import { AUTH_MESSAGES, MENU_MESSAGES, type StaffUserData } from '@kitchaco/domain';
import { Alert, Anchor, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/document-title';
import { LocationSelect } from '../../../components/location-select';
import { StaffLoginForm } from '../../../features/auth/components/staff-login-form';
import { useAdminMenu } from '../../../features/menus/api/get-admin-menu';
import { useCategories } from '../../../features/menus/api/get-categories';
import { useMenuItem } from '../../../features/menus/api/get-menu-item';
import { OPERATOR_LOCATION } from '../../../features/menus/api/menu-keys';
import { MealAddForm } from '../../../features/menus/components/meal-add-form';
import { MealEditForm } from '../../../features/menus/components/meal-edit-form';
import type { MenuRole } from '../../../features/menus/components/meal-fields';
import { MenuBrowser } from '../../../features/menus/components/menu-browser';
import { ReviewQueue } from '../../../features/menus/components/review-queue';
import { idFrom } from '../../../features/menus/menu-list';
import { MENUS_TEXT } from '../../../features/menus/messages';
import { useLocations } from '../../../lib/report-filters/locations';
import { useReportFilters } from '../../../lib/report-filters/use-report-filters';
import type { StaffSession } from '../../../lib/session/staff-session';
import { useStaffSession } from '../../../lib/session/use-staff-session';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

// ---------------------------------------------------------------- addresses

/** The spec's addresses: the super admin's take query strings, the operator's a hash. */
const ADMIN = {
  list: (brandId?: number, mealId?: number) => {
    const query = new URLSearchParams();
    if (brandId) query.set('brand', String(brandId));
    if (mealId) query.set('meal', String(mealId));
    return `/admin-menu${query.size ? `?${query}` : ''}`;
  },
  add: (brandId: number | null, appView = false) =>
    `/admin-menu-add?id=${brandId ?? ''}${appView ? '&app_view=true' : ''}`,
  edit: (mealId: number, appView = false) =>
    `/admin-menu-edit?id=${mealId}${appView ? '&app_view=true' : ''}`,
};

const OPERATOR = {
  list: (brandId?: number) => `/operator-admin-menu${brandId ? `?brand=${brandId}` : ''}`,
  add: (brandId: number | null) => `/operator-menu-add#${brandId ?? -1}`,
  edit: (mealId: number) => `/operator-menu-edit#${mealId}`,
};

const editorOf = (session: StaffSession): MenuRole => (session.isSuperAdmin ? 'admin' : 'operator');

// ---------------------------------------------------------------- shared pieces

function Loading() {
  return (
    <Text role="status" py="md">
      {MENUS_TEXT.loading}
    </Text>
  );
}

function Failure({ title, error }: { title?: string; error: Error }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {error.message}
    </Alert>
  );
}

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft aria-hidden size={14} />
        {children}
      </Group>
    </Anchor>
  );
}

function Heading({
  title,
  subtitle,
  level = 2,
  back,
}: {
  title: string;
  subtitle?: ReactNode;
  level?: 1 | 2;
  back?: { to: string; label: string } | null;
}) {
  return (
    <Stack gap={4}>
      {back && <BackLink to={back.to}>{back.label}</BackLink>}
      <Title order={level} size="h2">
        {title}
      </Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
    </Stack>
  );
}

// The app view lets any account that may manage a menu in: the server decides what it may change.
function refuseUnlessMenuStaff(data: StaffUserData): string | null {
  return data.is_super_admin || data.is_operator ? null : AUTH_MESSAGES.authenticationError;
}

/**
 * `&app_view=true`: the page inside the mobile app's web view. No header and no navigation bar. The
 * server still needs a staff credential for every menu call, so a visitor who is not signed in gets
 * the sign-in form here (a super admin or an operator), never the screen itself.
 */
function AppViewPage({ title, children }: { title: string; children: (session: StaffSession) => ReactNode }) {
  const session = useStaffSession();
  const allowed = session && (session.isSuperAdmin || session.isOperator);
  return (
    <>
      <DocumentTitle title={title} />
      <Box component="main" py="lg">
        <Container size="lg">
          {allowed ? (
            children(session)
          ) : (
            <Paper withBorder p="xl" maw={420} mx="auto">
              <Stack>
                <Title order={1} size="h3">
                  Sign in
                </Title>
                <Text size="sm" c="dimmed">
                  Sign in with your super admin or operator account to manage the menu.
                </Text>
                <StaffLoginForm call="admin" refuse={refuseUnlessMenuStaff} />
              </Stack>
            </Paper>
          )}
        </Container>
      </Box>
    </>
  );
}

/** A super admin page, or the app view of it when the address carries app_view=true. */
function SuperAdminMenuPage({
  title,
  children,
}: {
  title: string;
  children: (session: StaffSession, appView: boolean) => ReactNode;
}) {
  const [params] = useSearchParams();
  if (params.get('app_view') === 'true') {
    return <AppViewPage title={title}>{(session) => children(session, true)}</AppViewPage>;
  }
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {(session) => children(session, false)}
    </StaffPortalPage>
  );
}

function OperatorMenuScreen({ children }: { children: (session: StaffSession) => ReactNode }) {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.operatorAdmin} redirectWhenSignedOut>
      {children}
    </StaffPortalPage>
  );
}

/** The brand a meal is added to, from the menu the account can manage (all locations, or its own). */
function useMenuBrand(brandId: number | null, editor: MenuRole) {
  const menu = useAdminMenu(editor === 'admin' ? 0 : OPERATOR_LOCATION);
  return { ...menu, brand: menu.data?.menu_details.find((b) => b.id === brandId) ?? null };
}

// ---------------------------------------------------------------- /admin-menu

function AdminMenu() {
  const locations = useLocations();
  const [filters, saveFilters] = useReportFilters();
  const [params, setParams] = useSearchParams();
  const menu = useAdminMenu(filters.locationId);
  const brands = menu.data?.menu_details ?? null;
  const wanted = idFrom(params.get('brand'));
  const selected = brands?.find((b) => b.id === wanted)?.id ?? brands?.[0]?.id ?? null;
  const waiting = menu.data?.waiting_for_review ?? 0;

  return (
    <Stack gap="lg">
      <Heading title="Menus" subtitle="Every brand's meals in any status, with their combos and sub items." />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <LocationSelect
          locations={locations.data ?? []}
          value={filters.locationId}
          onChange={(locationId) => {
            saveFilters({ locationId });
            setParams({}, { replace: true });
          }}
          withAll
          disabled={!locations.data}
        />
        {waiting > 0 && (
          <Anchor component={Link} to="/admin-menu-review" fw={600}>
            {waiting} {waiting === 1 ? 'change waits' : 'changes wait'} for review
          </Anchor>
        )}
      </Group>
      {locations.error && <Failure title="The locations could not be loaded" error={locations.error} />}
      {menu.error ? (
        <Failure title="The menu could not be loaded" error={menu.error} />
      ) : (
        <MenuBrowser
          brands={brands}
          selectedBrandId={selected}
          onSelectBrand={(brand) => setParams({ brand: String(brand) }, { replace: true })}
          showLocations={filters.locationId === 0}
          addPath={(brandId) => ADMIN.add(brandId)}
          editPath={(mealId) => ADMIN.edit(mealId)}
          highlightMealId={idFrom(params.get('meal'))}
        />
      )}
    </Stack>
  );
}

/** `/admin-menu`: every location's brands and meals (or one location's); signed out, to /admin. */
export function AdminMenuPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => <AdminMenu />}
    </StaffPortalPage>
  );
}

// ---------------------------------------------------------------- /operator-admin-menu

function OperatorMenu() {
  const [params, setParams] = useSearchParams();
  const menu = useAdminMenu(OPERATOR_LOCATION);
  const brands = menu.data?.menu_details ?? null;
  const wanted = idFrom(params.get('brand'));
  const selected = brands?.find((b) => b.id === wanted)?.id ?? brands?.[0]?.id ?? null;
  // The location's name as the menu has it (the session keeps its address, shown in the header).
  const location = brands?.[0]?.kitchaco__location ?? '';
  return (
    <Stack gap="lg">
      <Heading
        title={location ? `Menu of ${location}` : 'Menu'}
        subtitle="The brands at your location. Your new meals and changes wait for the super admin's review."
      />
      {menu.error ? (
        <Failure title="The menu could not be loaded" error={menu.error} />
      ) : (
        <MenuBrowser
          brands={brands}
          selectedBrandId={selected}
          onSelectBrand={(brand) => setParams({ brand: String(brand) }, { replace: true })}
          showLocations={false}
          addPath={OPERATOR.add}
          editPath={OPERATOR.edit}
          highlightMealId={idFrom(params.get('meal'))}
        />
      )}
    </Stack>
  );
}

/** `/operator-admin-menu`: the brands of the operator's location; others to /operator-admin. */
export function OperatorMenuPage() {
  return <OperatorMenuScreen>{() => <OperatorMenu />}</OperatorMenuScreen>;
}

// ---------------------------------------------------------------- edit pages

function MealEditScreen({
  mealId,
  editor,
  appView,
  listPath,
}: {
  mealId: number | null;
  editor: MenuRole;
  appView: boolean;
  listPath: (brandId?: number) => string;
}) {
  const item = useMenuItem(mealId);
  const categories = useCategories(editor === 'admin');
  const back = appView ? null : { to: listPath(item.data?.vendor_id), label: 'Back to the menu' };
  const level = appView ? 1 : 2;
  if (mealId === null) {
    return (
      <Stack>
        <Heading title="Edit meal" level={level} back={back} />
        <Alert color="red" variant="light" role="alert">
          This address does not name a meal. Please open the meal from the menu list.
        </Alert>
      </Stack>
    );
  }
  if (item.isPending) return <Loading />;
  if (item.error) {
    return (
      <Stack>
        <Heading title="Edit meal" level={level} back={back} />
        <Failure title="The meal could not be loaded" error={item.error} />
      </Stack>
    );
  }
  const meal = item.data;
  return (
    <Stack gap="lg">
      <Heading
        title="Edit meal"
        level={level}
        back={back}
        subtitle={`${meal.meal_name} · ${meal.vendor_title}`}
      />
      <MealEditForm key={meal.id} item={meal} editor={editor} categories={categories.data} />
    </Stack>
  );
}

/** `/admin-menu-edit?id={mealId}` (and `&app_view=true`). */
export function AdminMenuEditPage() {
  const [params] = useSearchParams();
  const mealId = idFrom(params.get('id'));
  return (
    <SuperAdminMenuPage title="Edit meal">
      {(session, appView) => (
        <MealEditScreen
          mealId={mealId}
          editor={editorOf(session)}
          appView={appView}
          listPath={(b) => ADMIN.list(b)}
        />
      )}
    </SuperAdminMenuPage>
  );
}

/** `/operator-menu-edit#{mealId}`. */
export function OperatorMenuEditPage() {
  const mealId = idFrom(useLocation().hash);
  return (
    <OperatorMenuScreen>
      {() => <MealEditScreen mealId={mealId} editor="operator" appView={false} listPath={OPERATOR.list} />}
    </OperatorMenuScreen>
  );
}

// ---------------------------------------------------------------- add pages

function MealAddScreen({
  brandId,
  editor,
  appView,
  onAdded,
  listPath,
}: {
  brandId: number | null;
  editor: MenuRole;
  appView: boolean;
  onAdded: (mealId: number, brand: { id: number; kitchaco: number }) => void;
  listPath: (brandId?: number) => string;
}) {
  const found = useMenuBrand(brandId, editor);
  const categories = useCategories(editor === 'admin');
  const back = appView ? null : { to: listPath(brandId ?? undefined), label: 'Back to the menu' };
  const level = appView ? 1 : 2;
  if (found.isPending || categories.isLoading) return <Loading />;
  if (found.error) {
    return (
      <Stack>
        <Heading title="Add meal" level={level} back={back} />
        <Failure title="The menu could not be loaded" error={found.error} />
      </Stack>
    );
  }
  const brand = found.brand;
  if (!brand) {
    return (
      <Stack>
        <Heading title="Add meal" level={level} back={back} />
        <Alert color="red" variant="light" role="alert">
          {editor === 'admin' ? MENU_MESSAGES.selectBrand : MENU_MESSAGES.selectBrandAndRetry}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Heading
        title="Add meal"
        level={level}
        back={back}
        subtitle={`${brand.title} · ${brand.kitchaco__location}`}
      />
      <MealAddForm
        brandId={brand.id}
        editor={editor}
        categories={categories.data}
        onAdded={(mealId) => onAdded(mealId, brand)}
      />
    </Stack>
  );
}

function AdminMealAdd({ session, appView }: { session: StaffSession; appView: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [, saveFilters] = useReportFilters();
  const editor = editorOf(session);
  const added = (mealId: number, brand: { id: number; kitchaco: number }) => {
    if (editor === 'operator') {
      notifications.show({ color: 'green', message: MENU_MESSAGES.addedOperator });
      navigate(ADMIN.edit(mealId, appView));
      return;
    }
    modals.openConfirmModal({
      title: 'Meal added',
      children: <Text>{MENU_MESSAGES.addedAdmin}</Text>,
      labels: { confirm: 'Yes', cancel: 'No' },
      closeOnClickOutside: false,
      onConfirm: () => navigate(ADMIN.edit(mealId, appView)),
      onCancel: () => {
        if (appView) return notifications.show({ color: 'green', message: MENU_MESSAGES.added });
        // The list opens on the brand's location, with the new meal marked.
        saveFilters({ locationId: brand.kitchaco });
        navigate(ADMIN.list(brand.id, mealId));
      },
    });
  };
  return (
    <MealAddScreen
      brandId={idFrom(params.get('id'))}
      editor={editor}
      appView={appView}
      onAdded={added}
      listPath={(b) => ADMIN.list(b)}
    />
  );
}

/** `/admin-menu-add?id={vendorId}` (and `&app_view=true`). */
export function AdminMenuAddPage() {
  return (
    <SuperAdminMenuPage title="Add meal">
      {(session, appView) => <AdminMealAdd session={session} appView={appView} />}
    </SuperAdminMenuPage>
  );
}

function OperatorMealAdd() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const brandId = idFrom(hash);
  useEffect(() => {
    if (brandId !== null) return;
    // The spec's alert for `#-1` (no brand chosen), then back to the list.
    notifications.show({ id: 'select-brand', color: 'red', message: MENU_MESSAGES.selectBrandAndRetry });
    navigate(OPERATOR.list(), { replace: true });
  }, [brandId, navigate]);
  if (brandId === null) return null;
  return (
    <MealAddScreen
      brandId={brandId}
      editor="operator"
      appView={false}
      listPath={OPERATOR.list}
      onAdded={(mealId) => {
        notifications.show({ color: 'green', message: MENU_MESSAGES.addedOperator });
        navigate(OPERATOR.edit(mealId));
      }}
    />
  );
}

/** `/operator-menu-add#{brandId}`; `#-1` alerts 'Please select a brand and try again.' and goes back. */
export function OperatorMenuAddPage() {
  return <OperatorMenuScreen>{() => <OperatorMealAdd />}</OperatorMenuScreen>;
}

// ---------------------------------------------------------------- /admin-menu-review

/** `/admin-menu-review` (Menu Review): what operators added or changed, to approve or reject. */
export function AdminMenuReviewPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => (
        <Stack gap="lg">
          <Heading
            title="Menu Review"
            subtitle="Meals, combos and sub items operators added or changed. A change of a live item shows the live values beside the proposed ones; customers keep the live version until you approve it. Reject asks for a reason, which the operator sees."
          />
          <ReviewQueue editPath={(mealId) => ADMIN.edit(mealId)} />
        </Stack>
      )}
    </StaffPortalPage>
  );
}
