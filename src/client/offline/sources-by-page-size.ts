/**
 * One mirrored-list source per page size (issue 26: walls page by the rows that fit). A page
 * size other than the list's usual one keeps its pages apart under a resource of its own
 * (`<resource>-rows<size>`), so a wall's pages never overwrite the desk list's.
 */
export function sourcesByPageSize<Source>(
  resource: string,
  usualPageSize: number,
  build: (resource: string, pageSize: number) => Source,
): (pageSize?: number) => Source {
  const sources = new Map<number, Source>();
  return (pageSize = usualPageSize) => {
    let source = sources.get(pageSize);
    if (!source) {
      const name = pageSize === usualPageSize ? resource : `${resource}-rows${pageSize}`;
      source = build(name, pageSize);
      sources.set(pageSize, source);
    }
    return source;
  };
}
