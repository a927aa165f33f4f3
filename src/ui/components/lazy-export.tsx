import { lazy, type ComponentType } from 'react';

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A lazily loaded component that is one export of a module several routes share. The route table is part of the
 * first page: one `import()` of an area's page module there, instead of one per page, keeps the list of every page's
 * files (Vite's preload map) out of the first page's script. The page's own chunk loads after that small module.
 * The export may itself be lazy: React wants a lazy component to resolve to a function, so it is rendered inside one.
 */
export function lazyExport<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const Page = (await load())[name] as ComponentType<PropsOf<M[K]>>;
    function LoadedExport(props: PropsOf<M[K]>) {
      return <Page {...(props as PropsOf<M[K]> & object)} />;
    }
    return { default: LoadedExport };
  });
}
