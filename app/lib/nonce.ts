// The Content-Security-Policy nonce of the answer being rendered, for the inline scripts the root
// writes. It exists on the server only: in the browser the scripts are already in the page.
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
