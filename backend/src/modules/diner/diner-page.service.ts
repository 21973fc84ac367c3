import { fastifyCookie } from '@fastify/cookie';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { chooseDinerLanguage, type DinerLanguage, type OfferableLanguage } from '@tafrit/contracts/languages';
import { isMenuAddress, normalizeMenuAddress, RANDOM_DEPARTMENT_ID_LENGTH } from '@tafrit/contracts/menu-address';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import type { Encoding, PageAnswer, PageRenderer } from '../../platform/http/page-renderer.port.js';
import { MenuMissLimiter, type PublicMenuResult, PublicMenuService } from '../menu/index.js';
import { DinerOrders } from '../ordering/index.js';
import { DinerSessions } from '../../platform/http/diner-sessions.js';
import {
  prepareDinerTemplate,
  renderDinerPage,
  renderOrderStepPage,
  type DinerPageState,
  type MenuMarkupRenderer,
  type StepMarkupRenderer,
} from './diner-html.js';
import { departmentOfPage, isDinerPath, orderStepOfPage, type OrderStep } from './diner-paths.js';
import { MenuAddressLinks } from './menu-address-links.js';
import { valueWithin } from '../../platform/async/within.js';

/** Whether a Cookie header carries the department's cart (`cart_{departmentId}`, written by the diner's app). */
function hasCartCookie(cookies: string | undefined, departmentId: string): boolean {
  return cookies !== undefined && `cart_${departmentId}` in fastifyCookie.parse(cookies);
}

/** The diner's language for a business that offers `offered` (undefined: any). */
type LanguageOf = (offered: readonly DinerLanguage[] | undefined) => DinerLanguage;

/** A page drawn in the diner's language depends on these request headers besides the encoding. */
const LANGUAGE_VARY = ['accept-language', 'cookie'] as const;

/** Rendered menu pages kept, by department, language and menu version: a QR code is scanned again and again. */
const PAGE_CACHE_LIMIT = 500;
/** A page must not hang on a slow database: past this, the plain page is sent and the app asks the API itself. */
const LOOKUP_TIMEOUT_MS = 1_500;
/** The thank-you page waits this long at most for the diner's order; later, the page reads it itself, as before. */
const ORDER_LOOKUP_TIMEOUT_MS = 400;

/** The page in every encoding; pages made for one request are compressed quicker (`brotliQuality` 5). */
function compressed(body: Buffer, brotliQuality = 10): Map<Encoding, Buffer> {
  return new Map<Encoding, Buffer>([
    ['identity', body],
    ['br', brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } })],
    ['gzip', gzipSync(body, { level: brotliQuality === 10 ? 9 : 6 })],
  ]);
}

/**
 * The diner's page (frontend/diner.html, its own small bundle): read once at start like index.html, then filled per
 * department with the public menu (see diner-html.ts), its HTML rendered by the front end's server renderer
 * (frontend/dist/ssr/diner.js, loaded at start). The menu's version (its ETag) keys the rendered, compressed page, so
 * an owner's edit, which changes the menu, is on the next scan.
 */
@Injectable()
export class DinerPages implements OnModuleInit, PageRenderer {
  private readonly logger = new Logger(DinerPages.name);
  private template: string | undefined;
  private renderMenu: MenuMarkupRenderer | undefined;
  private renderStep: StepMarkupRenderer | undefined;
  private readonly rendererFile: string;
  private plain: Map<Encoding, Buffer> | undefined;
  /** diner-order.html: the cart, checkout and thank-you steps, whose script loads the app at once. */
  private stepTemplate: string | undefined;
  private stepPlain: Map<Encoding, Buffer> | undefined;
  private readonly pages = new Map<string, Map<Encoding, Buffer>>();
  private readonly publicUrl: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly publicMenu: PublicMenuService,
    private readonly misses: MenuMissLimiter,
    private readonly dinerOrders: DinerOrders,
    private readonly links: MenuAddressLinks,
  ) {
    this.publicUrl = config.publicUrl;
    this.rendererFile = join(config.frontendDist, 'ssr', 'diner.js');
    const file = join(config.frontendDist, 'diner.html');
    if (!existsSync(file)) return;
    this.template = prepareDinerTemplate(readFileSync(file, 'utf8'), config.publicUrl);
    this.plain = compressed(Buffer.from(this.template, 'utf8'));
    const steps = join(config.frontendDist, 'diner-order.html');
    if (!existsSync(steps)) return;
    this.stepTemplate = prepareDinerTemplate(readFileSync(steps, 'utf8'), config.publicUrl);
    this.stepPlain = compressed(Buffer.from(this.stepTemplate, 'utf8'));
  }

  async onModuleInit(): Promise<void> {
    if (!this.template || !existsSync(this.rendererFile)) return;
    try {
      const module = (await import(pathToFileURL(this.rendererFile).href)) as {
        renderMenuMarkup?: unknown;
        renderStepMarkup?: unknown;
      };
      if (typeof module.renderMenuMarkup === 'function')
        this.renderMenu = module.renderMenuMarkup as MenuMarkupRenderer;
      if (typeof module.renderStepMarkup === 'function')
        this.renderStep = module.renderStepMarkup as StepMarkupRenderer;
    } catch (error) {
      // The page still works: the app renders the menu from the inline data, only later.
      this.logger.warn(
        `The diner's server renderer did not load (${String(error)}); menus are rendered in the browser`,
      );
    }
  }

  /**
   * The diner's paths (/menu/{id}, /order, /cart, /checkout, /thank-you and their spellings) get this page: 200, except
   * for the menu of a department that does not exist or takes no orders, answered 404 while the person sees the page's
   * "menu not found" or "not taking orders". Other paths are the app's (undefined: the app's own pages are 200, any
   * other address 404). A page with a department is drawn in the diner's language: `?lang=`, else the `lang`
   * cookie, else `acceptLanguage`, else Hebrew (contracts' chooseDinerLanguage, which the browser follows too).
   */
  answer(
    ...[url, ip, appPage, cookies, acceptLanguage]: Parameters<PageRenderer['answer']>
  ): ReturnType<PageRenderer['answer']> {
    const [path = '/', search = ''] = url.split('?', 2);
    const department = departmentOfPage(url);
    if (this.available && isDinerPath(path)) {
      // Chosen once the business is known: a language it does not offer is passed over.
      const language: LanguageOf = (offered) =>
        chooseDinerLanguage({ query: new URLSearchParams(search).get('lang'), cookies, acceptLanguage, offered });
      const step = orderStepOfPage(path);
      if (step) {
        if (!step.department) return this.stepPlainPage();
        return this.stepPage({ page: step.page, departmentId: step.department, ip, cookies, search, language });
      }
      if (department === undefined) return this.plainPage(200);
      if (department === null) return this.plainPage(404);
      return this.menuAt(department, search, ip, language).catch(() => this.plainPage(200));
    }
    // A diner path without a department (/order, /cart): a page, though the app answers it in an older build.
    if (department === undefined) return isDinerPath(path) ? appPage(200) : undefined;
    if (department === null) return appPage(404);
    // Without the diner's page (an older build): the app, with the menu's status.
    return this.lookup(department).then(
      (result) => appPage(result && result.status !== 'ok' ? 404 : 200),
      () => appPage(200),
    );
  }

  /** False when the front end was built without the diner's page (then the app's index.html answers). */
  get available(): boolean {
    return this.template !== undefined;
  }

  /** The page as built, for diner paths that show no menu (cart, checkout, thank-you, /order without a department). */
  plainPage(status: PageAnswer['status'] = 200): PageAnswer {
    return { status, variants: this.plain ?? new Map() };
  }

  /** A step's page as built (no department known here: the app uses the one stored on the device). */
  stepPlainPage(): PageAnswer {
    return this.stepPlain ? { status: 200, variants: this.stepPlain } : this.plainPage(200);
  }

  /**
   * A step's page for a department: with the business's name and logo when it takes orders (the app then needs no
   * request to draw its header) and the step drawn from the cart's cookie (the front end's renderer, see its
   * server.tsx), else as built, as 200 (the app says what is wrong). A miss counts against the same per-address limit
   * as the menu's. A page drawn from a cookie is this visitor's own: made for the request, never kept.
   */
  async stepPage(step: {
    page: OrderStep;
    departmentId: string;
    ip: string;
    cookies: string | undefined;
    search: string;
    language?: LanguageOf;
  }): Promise<PageAnswer> {
    try {
      const result = await this.lookup(step.departmentId);
      if (result?.status !== 'ok') {
        if (result) await this.misses.miss(step.ip);
        return this.stepPlainPage();
      }
      if (!this.stepTemplate) return this.stepPlainPage();
      const business = result.menu.business;
      const language = step.language?.(business.languages) ?? 'he';
      // The thank-you page of a diner with an order here: drawn with it (decision 031), theirs alone.
      const order = step.page === 'thank-you' ? await this.ownOrder(step.departmentId, step.cookies) : undefined;
      const draw = () => {
        const markup = this.drawStep({
          page: step.page,
          business,
          cookies: step.cookies,
          search: step.search,
          language,
          ...(order ? { order } : {}),
        });
        return renderOrderStepPage(this.stepTemplate as string, business, markup, language, order);
      };
      // With this visitor's cart (its cookie, `cart_{departmentId}`) or order the page is theirs: made for the request
      // only.
      if (order || hasCartCookie(step.cookies, step.departmentId)) {
        return {
          status: 200,
          variants: compressed(Buffer.from(draw(), 'utf8'), 5),
          personal: true,
          vary: LANGUAGE_VARY,
        };
      }
      // The same for every visitor of this business in this language: kept with its menu's version, drawn once.
      const key = `${step.page} ${step.departmentId}\n${language}\n${result.etag}`;
      let variants = this.pages.get(key);
      if (!variants) {
        variants = compressed(Buffer.from(draw(), 'utf8'));
        this.remember(key, variants);
      }
      return { status: 200, variants, vary: LANGUAGE_VARY };
    } catch {
      return this.stepPlainPage();
    }
  }

  /**
   * The diner session's newest order at this business (the thank-you page's cookie), or undefined: no session, no
   * order, or not within ORDER_LOOKUP_TIMEOUT_MS (the page then reads it itself).
   */
  private async ownOrder(departmentId: string, cookies: string | undefined) {
    const session = DinerSessions.fromCookieHeader(cookies);
    if (!session || !this.renderStep) return undefined;
    return (
      (await valueWithin(this.dinerOrders.latestAsRecorded(departmentId, session), ORDER_LOOKUP_TIMEOUT_MS)) ??
      undefined
    );
  }

  /** The step's HTML, or '' (the app draws it): without a renderer, or when it fails. */
  private drawStep(step: Parameters<StepMarkupRenderer>[0]): string {
    if (!this.renderStep) return '';
    try {
      return this.renderStep(step);
    } catch (error) {
      this.logger.warn(`Rendering a ${step.page} page failed (${String(error)}); sent without its HTML`);
      return '';
    }
  }

  /**
   * `/menu/{segment}`: a readable address (issue 33) leads to its business's menu, the very page of its random address
   * (whose preview names the readable one); an address the business left, or the current one in other letter case,
   * answers 301 to the current one with the query kept (`?src=`, `?table=`). Any other segment is a department id. A
   * 16-character segment is never a readable address (contracts' menuAddressProblem), so no lookup is spent on it.
   */
  async menuAt(segment: string, search: string, ip: string, languageOf?: LanguageOf): Promise<PageAnswer> {
    const address = segment.length === RANDOM_DEPARTMENT_ID_LENGTH ? undefined : normalizeMenuAddress(segment);
    if (address !== undefined && isMenuAddress(address)) {
      const target = await valueWithin(this.links.target(address), LOOKUP_TIMEOUT_MS);
      if (target) {
        const current = target.current ?? target.departmentId;
        if (current !== segment) {
          const location = `/menu/${encodeURIComponent(current)}${search ? `?${search}` : ''}`;
          return { status: 301, variants: new Map(), location };
        }
        return this.menuPage(target.departmentId, ip, languageOf);
      }
    }
    return this.menuPage(segment, ip, languageOf);
  }

  /**
   * The menu page of a department: 200 with the menu, 404 for an unknown or paused business. Misses count against
   * the same per-address limit as the menu API's (429 past it); a menu that exists is always served (MenuMissLimiter).
   */
  async menuPage(departmentId: string, ip: string, languageOf: LanguageOf = () => 'he'): Promise<PageAnswer> {
    const hebrew = await this.lookup(departmentId);
    if (!hebrew || !this.template) return this.plainPage(200);
    const language = languageOf(hebrew.status === 'ok' ? hebrew.menu.business.languages : undefined);
    // The owner's translations (decision 023): the menu in the chosen language, its untranslated texts in Hebrew and
    // listed in each item's `he`. Should it not come in time, the page is drawn in Hebrew text (marked as such).
    const result = hebrew.status === 'ok' && language !== 'he' ? await this.lookup(departmentId, language) : hebrew;
    if (result?.status === 'ok') {
      // One page per language and version of that language's menu (its own ETag: an edit of the Hebrew or a new
      // translation changes it), so a translation is on the next scan; remember() drops the older versions.
      const key = `${departmentId}\n${language}\n${result.etag}`;
      let variants = this.pages.get(key);
      if (!variants) {
        variants = this.render({ status: 'ok', menu: result.menu, json: result.json }, language);
        this.remember(key, variants);
      }
      return { status: 200, variants, vary: LANGUAGE_VARY };
    }
    if (hebrew.status === 'ok') {
      // The translated menu did not come (a slow database): the Hebrew menu's page in the language, not kept.
      return {
        status: 200,
        variants: this.render({ status: 'ok', menu: hebrew.menu, json: hebrew.json }, language),
        vary: LANGUAGE_VARY,
      };
    }
    try {
      await this.misses.miss(ip);
    } catch {
      return this.plainPage(429);
    }
    const state: DinerPageState =
      hebrew.status === 'not_found'
        ? { status: 'not_found', departmentId }
        : { status: 'unavailable', departmentId, businessName: hebrew.businessName };
    // Small and not kept: unknown ids are unbounded, and they are rate-limited elsewhere.
    const body = Buffer.from(renderDinerPage(this.template, state, this.publicUrl, undefined, language), 'utf8');
    return { status: 404, variants: new Map<Encoding, Buffer>([['identity', body]]), vary: LANGUAGE_VARY };
  }

  /** The public menu, or undefined when the database could not tell in time (the app then asks the API). */
  async lookup(departmentId: string, language?: OfferableLanguage): Promise<PublicMenuResult | undefined> {
    return valueWithin(this.publicMenu.find(departmentId, language), LOOKUP_TIMEOUT_MS);
  }

  private render(state: DinerPageState, language: DinerLanguage): Map<Encoding, Buffer> {
    let html: string;
    try {
      html = renderDinerPage(this.template as string, state, this.publicUrl, this.renderMenu, language);
    } catch (error) {
      // A menu the renderer cannot draw still gets its page: the app draws it from the inline data.
      this.logger.warn(`Rendering a menu page failed (${String(error)}); sent without its HTML`);
      html = renderDinerPage(this.template as string, state, this.publicUrl, undefined, language);
    }
    return compressed(Buffer.from(html, 'utf8'));
  }

  private remember(key: string, variants: Map<Encoding, Buffer>): void {
    // Older versions of the same page are dead weight: drop them (the key is page and department, language, version;
    // each language's menu has a version of its own); beyond the limit the oldest page goes first.
    const page = key.slice(0, key.lastIndexOf('\n') + 1);
    for (const existing of this.pages.keys()) {
      if (existing.startsWith(page) && existing !== key) this.pages.delete(existing);
    }
    if (this.pages.size >= PAGE_CACHE_LIMIT) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(key, variants);
  }
}
