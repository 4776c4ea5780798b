import { describe, expect, it } from 'vitest';
import { err, ok } from '../../testing';

describe('category 6 — business travel', () => {
  it('flights: 2 passengers × 10,000 km long-haul economy: with RF 20,000 × 0.11704 = 2,340.8; without 1,385.2 kg', () => {
    expect(ok('s3.6.passenger-km', { passengers: 2, distance: 10000, emissionIntensity: 'uk-desnz:travel.flight.longHaul.economy.withRF' }).co2eKg).toBeCloseTo(2340.8, 9);
    expect(ok('s3.6.passenger-km', { amount: { value: 20000, unit: '人キロ' }, emissionIntensity: 'uk-desnz:travel.flight.longHaul.economy.withoutRF' }).co2eKg).toBeCloseTo(1385.2, 9);
  });

  it('a car factor is per vehicle-km: 300 km × 0.16725 = 50.175 kg; person-km against it is refused', () => {
    expect(ok('s3.6.passenger-km', { amount: { value: 300, unit: 'km' }, emissionIntensity: 'uk-desnz:travel.car.average.unknownFuel' }).co2eKg).toBeCloseTo(50.175, 9);
    expect(err('s3.6.passenger-km', { amount: { value: 300, unit: 'pkm' }, emissionIntensity: 'uk-desnz:travel.car.average.unknownFuel' })).toMatchObject({ error: 'unit_mismatch' });
  });

  it('travel days by travel type (supply-chain DB, unconfirmed): 3 travellers × 2 days overseas × 0.045 t = 270 kg', () => {
    const r = ok('s3.6.travel-days', { travelType: 'overseas', travellers: 3, days: 2 });
    expect(r.co2eKg).toBeCloseTo(270, 9);
    expect(r.factors[0]).toMatchObject({ ref: 'jp-moe-scdb:businessTravel.overseas', version: '2.5', confirmed: false });
    expect(ok('s3.6.travel-days', { travelType: 'domesticDayTrip', travellers: 1, days: 1 }).co2eKg).toBeCloseTo(30, 9);
    expect(err('s3.6.travel-days', { travelType: 'space', travellers: 1, days: 1 })).toMatchObject({ error: 'invalid_option', field: 'travelType' });
  });

  it('hotel: 4 room-nights in Japan × 39.0 = 156 kg; rental-car fuel 40 L gasoline × 2.32 = 92.8 kg', () => {
    expect(ok('s3.6.accommodation', { amount: { value: 4, unit: '泊' }, emissionIntensity: 'uk-desnz:hotel.JP' }).co2eKg).toBeCloseTo(156, 9);
    expect(ok('s3.6.fuel', { amount: 40, emissionIntensity: 'jp-shk:fuel.gasoline' }).co2eKg).toBeCloseTo(92.8, 9);
  });
});

describe('category 7 — employee commuting', () => {
  it('passenger-km by mode: 10,000 pkm by rail × 0.0236 = 236 kg (supply-chain DB default for the mode)', () => {
    expect(ok('s3.7.passenger-km', { mode: 'rail', amount: 10000 }).co2eKg).toBeCloseTo(236, 9);
  });

  it('distance: 50 employees × 8 km × 2 × 240 days = 192,000 pkm × 0.0836 (bus) = 16,051.2 kg', () => {
    expect(ok('s3.7.distance', { mode: 'bus', employees: 50, distance: 8, businessDays: 240 }).co2eKg).toBeCloseTo(16051.2, 9);
  });

  it('per employee-day by working form and city group: no shipped value, so a factor is required', () => {
    expect(err('s3.7.employees', { workingForm: 'office', cityGroup: 'metropolitan', employees: 100, businessDays: 240 })).toMatchObject({ error: 'factor_not_found' });
    const r = ok('s3.7.employees', { workingForm: 'telework', cityGroup: 'other', employees: 100, businessDays: 240, emissionIntensity: { value: 1.2, unit: 'kg-CO2e/person_day' } });
    expect(r.co2eKg).toBeCloseTo(28800, 9); // 100 × 240 × 1.2
  });

  it('commuting allowance, spend-based: 3,000,000 JPY × 1.2 t/百万円 = 3,600 kg', () => {
    expect(ok('s3.7.spend', { spend: 3_000_000, emissionIntensity: { value: 1.2, unit: 't-CO2e/百万円' } }).co2eKg).toBeCloseTo(3600, 9);
  });
});
