import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { NamedEntity } from './page';

/** What a page tells its layout once its data is loaded: a dynamic title and names for breadcrumbs. */
export interface PageData {
  pageTitle?: string;
  names?: Partial<Record<NamedEntity, string>>;
}

interface PageDataState {
  data: PageData;
  setData: (data: PageData) => void;
}

const PageDataContext = createContext<PageDataState>({ data: {}, setData: () => {} });

export function PageDataProvider({ children }: { children: ReactNode }) {
  const [data, setData] = useState<PageData>({});
  const value = useMemo(() => ({ data, setData }), [data]);
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}

export function useCurrentPageData(): PageData {
  return useContext(PageDataContext).data;
}

/** Called by a page with the title and names from its data; cleared when the page goes away. */
export function usePageData(data: PageData): void {
  const { setData } = useContext(PageDataContext);
  const serialised = JSON.stringify(data);
  useEffect(() => {
    setData(JSON.parse(serialised) as PageData);
    return () => setData({});
  }, [serialised, setData]);
}
