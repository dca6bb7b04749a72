/**
 * Boundaries the code keeps, checked by `npm run lint` (decision 011).
 *
 * Web:  app → features → components/ui, lib → @nexbyte/shared
 * API:  server/app → plugins, modules → db; inside a module routes → services → repositories → db;
 *       a module never reads or writes through another module's repository, nor imports its
 *       tables (modules/<m>/<m>.schema.ts) except in a foreign key, a test or the catalogue's pair.
 * Both: no import cycles.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Un ciclo de importaciones ata dos módulos: ninguno se entiende ni se prueba solo.',
      from: {},
      // A cycle made only of `import type` costs nothing at run time and is left to the compiler.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'packages/shared lo usan la web y la API; no depende de ninguna.',
      from: { path: '^packages/shared/src' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-features-below-app',
      severity: 'error',
      comment: 'app/ compone las features; una feature no importa app/.',
      from: { path: '^apps/web/src/(features|components|lib|testing)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-ui-and-lib-below-features',
      severity: 'error',
      comment: 'components/ui y lib sirven a todas las features; no importan ninguna.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-feature-to-feature',
      severity: 'error',
      comment: 'Una feature no importa otra; app/ las compone.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'api-other-modules-repository',
      severity: 'error',
      comment:
        'Un módulo no lee ni escribe las tablas de otro: usa el servicio que ese módulo ofrece.',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/([^/]+)/.*[.]repository[.]ts$',
        pathNot: '^apps/api/src/modules/$1/',
      },
    },
    {
      name: 'api-other-modules-tables',
      severity: 'error',
      comment:
        'Las tablas de un módulo son suyas: otro módulo no importa su *.schema.ts, usa su servicio.',
      from: {
        path: '^apps/api/src/modules/([^/]+)/',
        // A schema file may name another module's table in a foreign key; tests, fixtures and
        // test helpers set up and check rows of several modules at once. The catalogue's two
        // modules have a rule of their own below.
        pathNot: [
          '[.](schema|test|testing|fixtures)[.]ts$',
          '^apps/api/src/modules/(products|categories)/',
        ],
      },
      to: {
        path: '^apps/api/src/modules/([^/]+)/[^/]+[.]schema[.]ts$',
        pathNot: '^apps/api/src/modules/$1/',
      },
    },
    {
      name: 'api-other-modules-tables-catalogue',
      severity: 'error',
      comment:
        'Productos y categorías solo se leen juntos (el catálogo): ninguno importa otras tablas.',
      from: {
        path: '^apps/api/src/modules/(products|categories)/',
        pathNot: '[.](schema|test|testing|fixtures)[.]ts$',
      },
      // The catalogue's lists, facets and search join a product to its category's name and
      // state, and a category counts its products, in the one statement each page runs: they
      // may read each other's table. Only categories writes `categorias`, only products
      // `productos` (decision 011).
      to: {
        path: '^apps/api/src/modules/([^/]+)/[^/]+[.]schema[.]ts$',
        pathNot: '^apps/api/src/modules/(products|categories)/',
      },
    },
    {
      name: 'api-repository-below-routes',
      severity: 'error',
      comment: 'Las capas bajan: rutas → servicios → repositorios → db.',
      from: { path: '^apps/api/src/modules/.*[.]repository[.]ts$' },
      to: { path: '^apps/api/src/(modules/.*[.]routes[.]ts|plugins/|app[.]ts|server[.]ts)' },
    },
    {
      name: 'api-services-below-routes',
      severity: 'error',
      comment: 'Un servicio no conoce las rutas que lo llaman.',
      from: { path: '^apps/api/src/modules/', pathNot: '[.](routes|test|testing|fixtures)[.]ts$' },
      to: { path: '^apps/api/src/modules/.*[.]routes[.]ts$' },
    },
    {
      name: 'api-db-below-modules',
      severity: 'error',
      comment: 'db/ es la capa de abajo: no importa módulos, plugins ni la app.',
      from: { path: '^apps/api/src/db/' },
      to: {
        path: '^apps/api/src/(modules|plugins)/|^apps/api/src/(app|server)[.]ts$',
        // The modules' table declarations are the one exception: the client's type names every
        // table, and the demo data and seeding write rows of many modules at once (decision 011).
        pathNot: '^apps/api/src/modules/[^/]+/[^/]+[.]schema[.]ts$',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
