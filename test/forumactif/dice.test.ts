import { describe, expect, it } from "vitest";
import { isGameMasterPost, readDiceRoll } from "../../shared/forumactif/dice.js";
import { readTopicPage } from "../../shared/forumactif/read-topic-page.js";
import type { DiceSettings, TopicPost } from "../../shared/forumactif/types.js";
import {
  DUEL_FACES,
  diceRollMessage,
  duelFace,
  GAME_MASTER_NAME,
} from "../support/forumactif/dice-markup.js";
import { renderTopicPage } from "../support/forumactif/render-topic.js";
import { sampleDuelTopic } from "../support/forumactif/sample-topic.js";

const duel: DiceSettings = { name: "Duel", faces: DUEL_FACES };

function gameMaster(html: string, authorName = GAME_MASTER_NAME): TopicPost {
  return {
    postId: "1",
    authorId: null,
    authorName,
    createdAt: "2026-12-01T10:00:00.000Z",
    html,
    edited: null,
  };
}

describe("Forum dice read from the Game Master's post", () => {
  it("reads each die's face, in order, and the member it was rolled for", () => {
    const post = gameMaster(
      diceRollMessage("Drago Malefoy", [{ dieName: "Duel", faceImages: [duelFace(6), duelFace(1)] }]),
    );
    expect(readDiceRoll(post, duel)).toEqual({
      status: "rolled",
      values: [6, 1],
      forPlayer: "Drago Malefoy",
    });
  });

  it("reads the forum's die among others, names with apostrophes included", () => {
    const post = gameMaster(
      diceRollMessage("Luna d'Ombrelune", [
        { dieName: "Dé d'attaque", faceImages: [duelFace(1)] },
        { dieName: "Duel", faceImages: [duelFace(5), duelFace(3)] },
      ]),
    );
    expect(readDiceRoll(post, duel)).toEqual({
      status: "rolled",
      values: [5, 3],
      forPlayer: "Luna d'Ombrelune",
    });
  });

  it("maps a face by its file name when the forum gave only that", () => {
    const post = gameMaster(
      diceRollMessage("Harry Potter", [{ dieName: "duel", faceImages: [duelFace(4)] }]),
    );
    expect(readDiceRoll(post, { name: "Duel", faces: { "de-duel-4.png": 4 } })).toMatchObject({
      values: [4],
    });
  });

  it("an unknown face image is unreadable, never guessed", () => {
    const post = gameMaster(
      diceRollMessage("Harry Potter", [
        { dieName: "Duel", faceImages: [duelFace(2), "https://i.servimg.com/u/f1/de-rouge-7.png"] },
      ]),
    );
    expect(readDiceRoll(post, duel)).toEqual({
      status: "unreadable",
      reason: "image de face absente des réglages de dés du forum : de-rouge-7.png",
      forPlayer: "Harry Potter",
    });
  });

  it("a roll without the forum's die, or whose die shows no face, is unreadable", () => {
    const other = gameMaster(
      diceRollMessage("Harry Potter", [{ dieName: "Chance", faceImages: [duelFace(2)] }]),
    );
    expect(readDiceRoll(other, duel)).toMatchObject({
      status: "unreadable",
      reason: "aucun dé « Duel » dans le message du Maître du jeu",
    });
    const empty = gameMaster(diceRollMessage("Harry Potter", [{ dieName: "Duel", faceImages: [] }]));
    expect(readDiceRoll(empty, duel)).toMatchObject({
      status: "unreadable",
      reason: "le dé « Duel » ne montre aucune face",
    });
    const unnamed = gameMaster(`<img src="${duelFace(3)}" alt="" />`);
    expect(readDiceRoll(unnamed, duel)).toMatchObject({
      status: "unreadable",
      reason: "une image sans nom de dé (de-duel-3.png)",
    });
  });

  it("a member's post is no roll, even if it pastes a roll's words and images", () => {
    const pasted = diceRollMessage("Harry Potter", [
      { dieName: "Duel", faceImages: [duelFace(6), duelFace(6)] },
    ]);
    const member: TopicPost = { ...gameMaster(pasted), authorId: "12", authorName: "Harry Potter" };
    expect(isGameMasterPost(member)).toBe(false);
    expect(readDiceRoll(member, duel)).toEqual({ status: "none" });
    expect(isGameMasterPost(gameMaster("", "maitre du JEU"))).toBe(true);
    expect(isGameMasterPost(gameMaster("", "Game Master"))).toBe(true);
  });

  it("reads the rolls of a topic page, in every template version", () => {
    const topic = sampleDuelTopic();
    for (const template of [
      "phpbb2",
      "phpbb3",
      "punbb",
      "invision",
      "modernbb",
      "awesomebb",
      "mobile",
    ] as const) {
      const html = renderTopicPage(topic, {
        template,
        offset: 0,
        timeZone: "Europe/Paris",
        now: "2026-12-01T13:30:00Z",
      });
      const rolls = readTopicPage(html, { timeZone: "Europe/Paris", now: "2026-12-01T13:30:00Z" }).posts.map(
        (post) => readDiceRoll(post, duel),
      );
      expect(rolls).toEqual([
        { status: "none" },
        { status: "none" },
        { status: "rolled", values: [4, 2], forPlayer: "Harry Potter" },
      ]);
    }
  });
});
