import { lazy, startTransition, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { currentDepartmentId, departmentBusiness } from '@/lib/storage';
import { cartFromCookies, createCartStore, itemCount, loadTable, saveTable, type CartStore } from './cart';
import {
  atMenuAddress,
  fetchMenu,
  menuLanguage,
  readInlineBusiness,
  readInlineMenu,
  type MenuState,
} from './menu-data';
import { rememberSource } from './order-source';
import { loadTableSecret, saveTableSecret } from './table-secret';
import type { DinerLanguage } from '@tafrit/contracts/languages';
import { DinerHeader } from './diner-header';
import { MenuPage } from './menu-page';
import type { PublicBusiness } from './menu-types';
import { parseDinerPath, type DinerRoute } from './paths';
import { DinerShell } from './shell';
import { StepsScreen } from './steps-screen';
import { useSharedTable, type SharedTableHere } from './shared-table/use-table-session';
import { useLanguage, useText } from './language';
import { DinerContext, MessagePage, primaryButtonClass, textLinkClass } from './ui';

// The cart, checkout and thank-you screens come after the diner's first tap: their code is fetched then, so the
// menu's first load carries React and the menu only (DESIGN.md §8).
const OtherPages = lazy(() => import('./cart-page'));

interface Place {
  pathname: string;
  search: string;
}

const here = (): Place => ({ pathname: location.pathname, search: location.search });

/** Menus read or fetched during this visit, by department and language: back from the cart, the menu shows at once. */
const menus = new Map<string, MenuState>();
/** Each department's menu known last, in whichever language: shown while another language's is on its way. */
const latest = new Map<string, MenuState>();
const inlineRead = new Set<string>();
const menuKey = (departmentId: string, language: DinerLanguage) => `${departmentId}|${language}`;

type LoadedMenu = (MenuState & { retry?: () => void }) | undefined;

function keep(departmentId: string, language: DinerLanguage, state: MenuState): void {
  menus.set(menuKey(departmentId, language), state);
  latest.set(departmentId, state);
}

function knownMenu(departmentId: string, language: DinerLanguage): MenuState | undefined {
  if (!inlineRead.has(departmentId)) {
    // The page's own data, read once: a menu is in the language the server drew it in, a status in every language.
    inlineRead.add(departmentId);
    const inline = readInlineMenu(departmentId);
    if (inline) keep(departmentId, inline.status === 'ok' ? menuLanguage(inline.menu) : language, inline);
  }
  const known = menus.get(menuKey(departmentId, language));
  if (known || latest.get(departmentId)?.status !== 'ok') return known;
  return latest.get(departmentId);
}

/**
 * The menu of the department in the diner's language: from memory or the page at once, else asked of the API (with a
 * retry on failure). While another language's menu is on its way, the one on screen stays (its names marked in their
 * own language), so a switch never blanks the page.
 */
function useMenu(departmentId: string | undefined, wanted: boolean, language: DinerLanguage): LoadedMenu {
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState<string | undefined>();
  const key = departmentId ? menuKey(departmentId, language) : undefined;
  const known = departmentId ? knownMenu(departmentId, language) : undefined;
  useEffect(() => {
    if (!departmentId || !key || !wanted || menus.has(key) || failed === key) return;
    const controller = new AbortController();
    void fetchMenu(departmentId, language, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result.status === 'error') {
        setFailed(key);
        return;
      }
      keep(departmentId, language, result);
      setLoaded((count) => count + 1);
    });
    return () => controller.abort();
  }, [departmentId, language, key, wanted, failed]);
  if (known) return known;
  if (key && failed === key) return { status: 'error', retry: () => setFailed(undefined) };
  return undefined;
}

const stores = new Map<string, CartStore>();
function storeOf(departmentId: string): CartStore {
  let store = stores.get(departmentId);
  if (!store) stores.set(departmentId, (store = createCartStore(departmentId)));
  return store;
}
const noLines: ReturnType<CartStore['getLines']> = [];
// Its lines are always the same array: useSyncExternalStore compares snapshots by identity, and a new empty array
// on every call read as a change on every render (React's "maximum update depth", a blank page on a fresh device).
const emptyStore: CartStore = { getLines: () => noLines, subscribe: () => () => undefined, update: () => [] };

/**
 * The diner's page: menu, cart, checkout and thank-you of one department, switched by the path without a router
 * (see paths.ts). Moving between them keeps the menu in memory; the browser's back and forward buttons work.
 * `hydrating`: the page holds the server's HTML (main.tsx hydrates it): the menu, rendered with an empty cart and no
 * table, or a step after it, rendered with the cart's cookie; what only this device knows (the stored cart, the table
 * of an earlier scan) follows in a low-priority update.
 */
export function DinerApp({ hydrating = false }: { hydrating?: boolean }) {
  const [place, setPlace] = useState<Place>(here);
  const [message, setMessage] = useState('');
  const firstRender = useRef(true);
  const route: DinerRoute = useMemo(
    // A readable address (`/menu/cafe-hagefen`, issue 33) is its menu's department: the cart is kept under that id.
    () => atMenuAddress(parseDinerPath(place.pathname, place.search, currentDepartmentId.get())),
    [place],
  );
  const departmentId = route.page === 'not-found' ? undefined : route.departmentId;

  useEffect(() => {
    const onPop = () => setPlace(here());
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // After moving to another screen, start there: as a full page load would.
    scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [place]);

  const navigate = useCallback((href: string) => {
    history.pushState(null, '', href);
    setMessage('');
    setPlace(here());
  }, []);
  const announce = useCallback((text: string) => {
    // The same words twice in a row must be read twice: clear, then set.
    setMessage('');
    requestAnimationFrame(() => setMessage(text));
  }, []);
  const context = useMemo(() => ({ navigate, announce }), [navigate, announce]);

  const store = departmentId ? storeOf(departmentId) : emptyStore;
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    // A transition: React may hydrate what it changes first, in interruptible passes, without a long task.
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  // The shared table (issue 34): the poster's `?table=&key=`, or the table and secret kept from the scan (the cart's
  // and checkout's addresses carry neither). Joined, the menu counts the diner's own lines of the table's cart and the
  // checkout pays the table's; otherwise (loading, a code not valid, "just for me") the private cart, as ever.
  const routeTable = route.page === 'not-found' ? undefined : route.table;
  const tableHere = hydrated && departmentId ? (routeTable ?? loadTable(departmentId)) : undefined;
  const secret =
    hydrated && departmentId && route.page !== 'not-found'
      ? routeTable
        ? route.key
        : loadTableSecret(departmentId)
      : undefined;
  const shared = useSharedTable(departmentId, tableHere, secret);
  const joined = typeof shared === 'object' && shared.view.status === 'joined' ? shared : undefined;
  const cart = !joined
    ? store
    : route.page === 'checkout'
      ? joined.session.tableStore
      : route.page === 'thank-you'
        ? store
        : joined.session.menuStore;
  const lines = useSyncExternalStore(cart.subscribe, cart.getLines, cart.getLines);
  // The lines the server drew a step's page with (the cart's cookie, see cart.ts): the hydration renders exactly them.
  const [serverLines] = useState(() =>
    hydrating && route.page !== 'menu' && departmentId
      ? (cartFromCookies(document.cookie, departmentId) ?? noLines)
      : noLines,
  );
  // The other screens need the business's name and logo for their header: a cart opened cold (a shared link, a
  // reload after the storage was cleared) asks for the menu too rather than showing the app's name.
  const storedBusiness = departmentId ? knownBusiness(departmentId) : undefined;
  const { language } = useLanguage();
  const menu = useMenu(departmentId, route.page === 'menu' || !storedBusiness, language);

  const table = route.page !== 'not-found' && route.table ? route.table : undefined;
  useEffect(() => {
    if (!departmentId || route.page !== 'menu') return;
    // The menu visited last is where /order, /cart and the others go back to.
    currentDepartmentId.set(departmentId);
    if (table) {
      saveTable(departmentId, table);
      saveTableSecret(departmentId, route.page === 'menu' ? route.key : undefined);
    }
    rememberSource(departmentId, { table, src: new URLSearchParams(place.search).get('src') });
  }, [departmentId, route, table, place.search]);
  useEffect(() => {
    if (menu?.status === 'ok') departmentBusiness.set(menu.menu.business.departmentId, menu.menu.business);
  }, [menu]);

  return (
    <DinerContext.Provider value={context}>
      <DinerShell message={message}>
        <Screen
          route={route}
          menu={menu}
          lines={hydrated ? lines : serverLines}
          update={cart.update}
          hydrated={hydrated}
          shared={shared}
        />
      </DinerShell>
    </DinerContext.Provider>
  );
}

/** No such page, or no such menu: said in the diner's language, with a way to the landing page. */
function NotFound({ title, testId }: { title: string; testId?: string }) {
  const t = useText();
  return (
    <MessagePage testId={testId} title={title} description={t.notFound.description}>
      <p className="mt-6">
        <a href="/" className={textLinkClass}>
          {t.pageNotFound.home}
        </a>
      </p>
    </MessagePage>
  );
}

function Screen({
  route,
  menu,
  lines,
  update,
  hydrated,
  shared,
}: {
  route: DinerRoute;
  menu: LoadedMenu;
  lines: ReturnType<CartStore['getLines']>;
  update: CartStore['update'];
  hydrated: boolean;
  shared: SharedTableHere;
}) {
  const t = useText();
  if (route.page === 'not-found') {
    return <NotFound title={t.pageNotFound.title} />;
  }
  const { departmentId } = route;
  // No menu in the address or on the device (a fresh phone on /order), or an unknown one on any step: the menu was
  // not found, with a way to the landing page rather than a dead end.
  if (!departmentId || menu?.status === 'not_found') {
    return <NotFound testId="menu-not-found" title={t.notFound.title} />;
  }
  const stored = knownBusiness(departmentId);
  const business =
    menu?.status === 'ok'
      ? menu.menu.business
      : {
          businessName: stored?.businessName ?? t.appName,
          logo: stored?.logo ?? null,
          departmentId,
          ...(stored?.languages ? { languages: stored.languages } : {}),
          ...(stored?.payments ? { payments: stored.payments } : {}),
        };
  // The server renders no table (its page is one per menu version): the table shows once the page is hydrated.
  const table = hydrated ? (route.table ?? loadTable(departmentId)) : undefined;

  if (route.page === 'menu') {
    if (menu?.status === 'unavailable') {
      return (
        <MessagePage
          testId="menu-unavailable"
          title={t.unavailable.title}
          description={t.unavailable.description(menu.businessName)}
        />
      );
    }
    if (menu?.status === 'ok') {
      return (
        <MenuPage
          menu={menu.menu}
          table={table}
          lines={lines}
          update={update}
          tableBar={
            typeof shared === 'object' ? (
              <shared.ui.TableBar
                shared={shared}
                departmentId={departmentId}
                describesAdds={menu.menu.ordering?.open !== false}
              />
            ) : undefined
          }
          tableTotal={
            typeof shared === 'object' && shared.view.status === 'joined'
              ? shared.view.state?.cart.totalAgorot
              : undefined
          }
          tablePaying={
            typeof shared === 'object' && shared.view.status === 'joined' && shared.view.state?.cart.status === 'paying'
          }
        />
      );
    }
    return (
      <MessagePage title={t.appName} description={menu?.status === 'error' ? t.menu.loadFailed : t.menu.loading}>
        {menu?.retry ? (
          <button type="button" onClick={menu.retry} className={`${primaryButtonClass} mt-6`}>
            {t.menu.retry}
          </button>
        ) : null}
      </MessagePage>
    );
  }

  // The cart and checkout at a shared table wait for the table's answer: never a flash of the private cart, and never
  // a payment started for it while the table's lines are on their way.
  if (shared === 'loading' && (route.page === 'cart' || route.page === 'checkout')) {
    return <MessagePage testId="step-loading" title={business.businessName} description={t.stepLoading} />;
  }
  if (route.page === 'cart' && typeof shared === 'object' && shared.view.status === 'joined' && shared.view.state) {
    return (
      <>
        <DinerHeader business={business} table={table} count={itemCount(lines)} title={false} />
        <shared.ui.TableCartPage shared={shared} departmentId={departmentId} />
      </>
    );
  }

  return (
    <StepsScreen
      Pages={OtherPages}
      orderAhead={menu?.status === 'ok' ? menu.menu.orderAhead : undefined}
      page={route.page}
      business={{ ...business, departmentId }}
      table={table}
      lines={lines}
      update={update}
    />
  );
}

/** The business's name and logo as this device stored them, or as the server put them into the page. */
function knownBusiness(
  departmentId: string,
): Pick<PublicBusiness, 'businessName' | 'logo' | 'languages' | 'payments'> | undefined {
  return departmentBusiness.get<PublicBusiness>(departmentId) ?? readInlineBusiness(departmentId);
}
