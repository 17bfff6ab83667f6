import { describe, expect, it } from 'vitest';
import { webAreas } from '@/app/areas';
import { screens } from '../../e2e/screens';

describe('the screens the journeys walk', () => {
  it("hold every screen of the areas' route table that needs no record", () => {
    const walked = new Set(screens.map((screen) => screen.split('?')[0]));
    const routes = webAreas.flatMap((area) => area.routes ?? []).map((route) => `/${route.path}`);
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.filter((route) => !route.includes(':') && !walked.has(route))).toEqual([]);
  });
});
