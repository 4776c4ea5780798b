import type { ComponentType } from 'react';
import type { IconName } from '@blueprintjs/core';
import type { LiveTopic } from '@ghg/events';
import type { MessageId } from '@ghg/locales';
import type { CategoryKey } from '../router/categories';

/**
 * What one feature brings to the web app, in one place: its routes (title, who may open them, its
 * lazily loaded screen, its side-navigation and settings-index entries) and the live topics its
 * queries follow. Each feature folder exports one (`manifest.ts`); `web/src/features/index.ts`
 * lists them, and the router, the side navigation, the settings index and the live invalidation
 * are built from that list alone.
 */
export interface WebFeature<Topic extends LiveTopic = LiveTopic> {
  /** The feature's folder under web/src/features, e.g. 'settings/currency'. */
  name: string;
  routes: readonly FeatureRoute[];
  /**
   * For each live topic the feature follows, the query-key prefixes a notice of it makes stale
   * (WebSocket /api/live). Several features may follow one topic; their prefixes add up.
   */
  live?: { readonly [T in Topic]: readonly QueryKeyPrefix[] };
  /** Query-key prefixes any notice about a company's data makes stale (the audit log: every change is an entry). */
  liveOnAnyCompanyChange?: readonly QueryKeyPrefix[];
}

/** Any feature's manifest, whatever topics it follows. */
export type AnyWebFeature = Omit<WebFeature, 'live'> & { live?: { readonly [T in LiveTopic]?: readonly QueryKeyPrefix[] } };

/** The groups of the side navigation (the login pages are in none). */
export type NavGroup = 'dashboard' | 'input' | 'views' | 'individual' | 'products' | 'nonGhg' | 'settings' | 'account' | 'auth';
/** Who may open a route: the logged-in user, only a logged-out one, anyone. */
export type Access = 'auth' | 'guest' | 'public';
/** A deployment's individual-project variant: t2 has its own routes and no plant engineering. */
export type IndividualType = 't1' | 't2';
/** The sections of the settings index page. */
export type SettingsSection = 'basic' | 'organization' | 'calculation' | 'targets';

/** A screen, loaded when its route is first opened (its own chunk). */
export type LazyScreen = () => Promise<{ default: ComponentType }>;

/** A query key's leading parts: every cached query whose key starts with them. */
export type QueryKeyPrefix = readonly [string, ...string[]];

export interface FeatureRoute {
  /** The path pattern (react-router), e.g. '/emission/setting/currency' or '/…/:id/detail'. */
  path: string;
  title: MessageId;
  /** Where it belongs in the navigation (also the group a breadcrumb-less page is under). */
  group: NavGroup;
  /** 'auth' when absent. */
  access?: Access;
  /** The built screen; without one the route shows the "coming soon" page with its title and breadcrumbs. */
  screen?: LazyScreen;
  /** Values of a title message: a category (translated) and a detail number. */
  titleValues?: { category?: CategoryKey; n?: number };
  /** Route params that also appear in the title (e.g. the product-category level). */
  titleParams?: readonly string[];
  /** Its item in the side navigation, under its `group`. */
  nav?: NavEntry;
  /** Its card on the settings index page (/emission/setting). */
  settingsIndex?: SettingsIndexEntry;
  /**
   * 'bar': the page's totals can be shown as of a past moment (`?asOf=`, core/workspace/asOf.ts)
   * and the layout shows the control above it; 'page': the page reads `?asOf=` and shows the control itself.
   */
  asOf?: 'bar' | 'page';
}

export interface NavEntry {
  label: MessageId;
  /** Position within its group: items are sorted by it (10, 20, … leaves room between). */
  order: number;
  /** Shown on this deployment type only (the t1 and t2 individual-project routes). */
  individualType?: IndividualType;
}

export interface SettingsIndexEntry {
  section: SettingsSection;
  /** Position within its section: cards are sorted by it. */
  order: number;
  icon: IconName;
  description: MessageId;
}

/** A feature's manifest, its live topics kept in its type (so the list can check that every topic is followed). */
export function defineFeature<Topic extends LiveTopic = never>(feature: WebFeature<Topic>): WebFeature<Topic> {
  return feature;
}

/** The live topics a manifest follows. */
export type TopicsOf<F> = F extends { live?: infer L } ? keyof NonNullable<L> : never;
