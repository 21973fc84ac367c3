// The public menu as the server sends it (GET /api/menu/{departmentId} and the page's inline data). Types and the
// tag labels only, from a zod-free file: the diner's bundle carries no schema library.
export type { ProductTag, PublicBusiness, PublicMenu, PublicProduct } from '@tafrit/contracts/menu-types';
export { productTagLabelsHe } from '@tafrit/contracts/menu-types';
