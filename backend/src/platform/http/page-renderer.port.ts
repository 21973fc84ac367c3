/** The encodings a page is kept in; the best one the browser accepts is sent. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** A page ready to send: its status and its bytes in every encoding we have. */
export interface PageAnswer {
  status: 200 | 301 | 404 | 429;
  variants: ReadonlyMap<Encoding, Buffer>;
  /** With 301: where the page moved for good (a menu's former readable address, issue 33); sent with no body. */
  location?: string;
  /** Drawn for this visitor (from their cookies): no shared cache may keep it. */
  personal?: boolean;
  /** Request headers the page depends on besides Accept-Encoding (a page in the visitor's language). */
  vary?: readonly string[];
}

/**
 * A module's own pages, answered in place of the single-page app (today the diner's page, modules/diner). Platform
 * defines the port and never imports the module: the module provides `PAGE_RENDERER` and the app wires it in.
 */
export interface PageRenderer {
  /**
   * The answer for `url` when the page is this renderer's, else undefined (the app's index.html, 200). `appPage` is
   * that index.html with another status, for a page the renderer judges but does not draw itself.
   */
  answer(
    url: string,
    ip: string,
    appPage: (status: 200 | 404) => PageAnswer,
    cookies?: string,
    acceptLanguage?: string,
  ): PageAnswer | Promise<PageAnswer> | undefined;
}

export const PAGE_RENDERER = Symbol('PAGE_RENDERER');
