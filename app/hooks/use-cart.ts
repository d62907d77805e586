import { useEffect, useState } from "react";
import { type Cart, cartCount, readCart, subscribeCart } from "../lib/cart";

/** The stored cart, kept current; empty during server rendering. */
export function useCart(): Cart {
  const [cart, setCart] = useState<Cart>({ cartItems: [] });
  useEffect(() => {
    setCart(readCart());
    return subscribeCart(() => setCart(readCart()));
  }, []);
  return cart;
}

export const useCartCount = () => cartCount(useCart());
