// Placeholder: the add-to-cart / subscribe button is being built.
import type { ProductMetadata } from "../../../core/product";

export type CartProductView = { id: string; title: string; image?: string | null; metadata: ProductMetadata };

export function AddToCartButton(_props: { product: CartProductView; currency: string; fullWidth?: boolean }) {
  return null;
}
