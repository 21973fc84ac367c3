// Editing a cart line with options: the cart page has no menu at hand (the server draws it from the cookie), so the
// product's groups as they are now are asked of the menu (the visit's copy when the menu page was seen), then the
// product's sheet opens with the line's choices. Loaded on the first "edit" tap only.
import { useEffect, useEffectEvent, useState } from 'react';
import type { DinerLanguage } from '@tafrit/contracts/languages';
import type { CartLine } from './cart';
import { MenuLanguageContext, useLanguage } from './language';
import { fetchMenu, menuLanguage, readInlineMenu } from './menu-data';
import type { PublicProduct } from './menu-types';
import ProductSheet from './product-sheet';
import { useSheetText } from './sheet-strings';
import { useDiner } from './ui';

export default function LineEditor({
  departmentId,
  line,
  opener,
  onSave,
  onClose,
}: {
  departmentId: string;
  line: CartLine;
  opener: HTMLElement | null;
  onSave(line: CartLine): void;
  onClose(): void;
}) {
  const s = useSheetText();
  const { announce } = useDiner();
  const { language } = useLanguage();
  // The product in the menu of the page's language, and that menu's language (its names are marked by it).
  const [product, setProduct] = useState<{ product: PublicProduct; language: DinerLanguage } | null>(null);
  const failed = useEffectEvent((gone: boolean) => {
    announce(gone ? s.unavailable : s.editFailed);
    onClose();
    opener?.focus();
  });
  useEffect(() => {
    const controller = new AbortController();
    const known = readInlineMenu(departmentId, language);
    void (known ? Promise.resolve(known) : fetchMenu(departmentId, language, controller.signal)).then((state) => {
      if (controller.signal.aborted) return;
      const found = state.status === 'ok' ? state.menu.products.find((each) => each.id === line.productId) : undefined;
      if (found && state.status === 'ok') setProduct({ product: found, language: menuLanguage(state.menu) });
      else failed(state.status === 'ok');
    });
    return () => controller.abort();
  }, [departmentId, language, line.productId]);
  if (!product) return null;
  return (
    <MenuLanguageContext.Provider value={product.language}>
      <ProductSheet product={product.product} editing={line} opener={opener} onSubmit={onSave} onClose={onClose} />
    </MenuLanguageContext.Provider>
  );
}
