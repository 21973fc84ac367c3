import { Injectable } from '@nestjs/common';

type TakenBetween = (businessPhone: string, from: number, to: number) => Promise<Map<number, number>>;

/**
 * How many places each pickup slot has taken (issue 33): ordering owns the counts (`pickup_slots`) and connects its
 * reader here at start, since ordering imports the menu and never the reverse. Unconnected (a test of the menu
 * alone): every slot is free, which the checkout corrects (it decides, the menu may be a little stale).
 */
@Injectable()
export class PickupSlotCounts {
  private reader: TakenBetween = () => Promise.resolve(new Map());

  connect(reader: TakenBetween): void {
    this.reader = reader;
  }

  takenBetween(businessPhone: string, from: number, to: number): Promise<Map<number, number>> {
    return this.reader(businessPhone, from, to);
  }
}
