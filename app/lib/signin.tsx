/**
 * Opens the sign-in dialog from anywhere: the header's button, or the auth guard, which sends a signed-out
 * visitor to the root with `?signin=1`. The dialog's code (QR polling, forms) loads only when first opened,
 * keeping it out of every page's first load.
 */
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SIGN_IN_PARAM } from './paths.ts';

const SignInDialog = lazy(() => import('../components/SignInDialog.tsx').then((m) => ({ default: m.SignInDialog })));

interface SignInValue {
  open(): void;
}

const SignInContext = createContext<SignInValue | null>(null);

export function SignInProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [params, setParams] = useSearchParams();

  const open = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    if (!params.has(SIGN_IN_PARAM)) return;
    open();
    // The request is consumed: a reload or a shared link should not open the dialog again.
    setParams(
      (p) => {
        p.delete(SIGN_IN_PARAM);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [params, setParams, open]);

  const value = useMemo(() => ({ open }), [open]);
  return (
    <SignInContext value={value}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <SignInDialog open={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </SignInContext>
  );
}

export function useSignIn(): SignInValue {
  const value = useContext(SignInContext);
  if (!value) throw new Error('useSignIn outside SignInProvider');
  return value;
}
