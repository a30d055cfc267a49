/**
 * A duel thread as a French role-play board shows it: roleplay prose with BBCode rendered as HTML
 * (bold, colours, quotes, spoilers), action blocks, signatures, edited posts, the Game Master's
 * dice posts, over several pages. Every text here is ours.
 */
import { diceRollMessage, duelFace, GAME_MASTER_NAME } from "./dice-markup.js";
import type { ModelPost, TopicModel } from "./model.js";

const HARRY_SIGNATURE =
  '<div style="text-align:center"><img src="https://i.servimg.com/u/f61/20/12/34/56/sign-harry.png" alt="" /><br /><span style="color:#cc0000"><em>« Il faut du courage pour affronter ses amis. »</em></span></div>';

function post(input: Omit<ModelPost, "edited"> & { edited?: ModelPost["edited"] }): ModelPost {
  return { edited: null, ...input };
}

/** Seven posts over three pages of three (the board's setting is the reader's to find). */
export function sampleDuelTopic(): TopicModel {
  return {
    topicId: "482",
    slug: "duel-harry-potter-contre-drago-malefoy",
    title: "Duel : Harry Potter contre Drago Malefoy",
    perPage: 3,
    posts: [
      post({
        postId: "10234",
        authorId: "7",
        authorName: "Filius Flitwick",
        createdAt: "2026-11-28T19:02:00.000Z",
        html: '<strong>Bienvenue au club de duel !</strong><br /><br />Les duellistes se saluent puis se placent dos à dos.<br /><span style="color:#336699">Rappel : un message par tour, <u>48 heures</u> pour répondre.</span><br /><br /><div class="spoiler_wrap"><div class="spoiler_title">Règlement (spoiler)</div><div class="spoiler_content hidden">Deux dés « Duel » par tour, PD selon l\'année d\'études.</div></div>',
        color: "#009900",
      }),
      post({
        postId: "10241",
        authorId: "12",
        authorName: "Harry Potter",
        createdAt: "2026-11-29T08:15:00.000Z",
        html: "Harry s'avança, la baguette levée, les yeux plissés derrière ses lunettes.<br /><em>— Prêt, Malefoy ?</em><br /><br /><strong>Sort :</strong> Expelliarmus<br /><strong>Cible :</strong> Drago Malefoy<br /><strong>Zone :</strong> bras droit<br /><strong>Pari de dé :</strong> 4",
        signature: HARRY_SIGNATURE,
        edited: { by: "Harry Potter", at: "2026-11-29T08:40:00.000Z", count: 2 },
        color: "#cc0000",
      }),
      post({
        postId: "10242",
        authorId: null,
        authorName: GAME_MASTER_NAME,
        createdAt: "2026-11-29T08:15:00.000Z",
        html: diceRollMessage("Harry Potter", [{ dieName: "Duel", faceImages: [duelFace(4), duelFace(2)] }]),
      }),
      post({
        postId: "10250",
        authorId: "15",
        authorName: "Drago Malefoy",
        createdAt: "2026-11-30T21:04:00.000Z",
        html: "<blockquote><div><cite>Harry Potter a écrit:</cite><em>— Prêt, Malefoy ?</em></div></blockquote>Drago ricana &amp; fit tournoyer sa baguette.<br /><em>— Toujours, Potter.</em><br /><br /><strong>Sort :</strong> Serpensortia<br /><strong>Cible :</strong> Harry Potter<br /><strong>Zone :</strong> jambe gauche<br /><strong>Pari de dé :</strong> 6",
        signature: '<span style="color:#006600">Serpentard un jour, Serpentard toujours.</span>',
        color: "#006600",
      }),
      post({
        postId: "10251",
        authorId: null,
        authorName: GAME_MASTER_NAME,
        createdAt: "2026-11-30T21:04:00.000Z",
        html: diceRollMessage("Drago Malefoy", [{ dieName: "Duel", faceImages: [duelFace(6), duelFace(1)] }]),
      }),
      post({
        postId: "10263",
        authorId: "7",
        authorName: "Filius Flitwick",
        createdAt: "2026-12-01T09:30:00.000Z",
        html: '<span style="font-size: 14px; line-height: normal">Point arbitrage :</span> le serpent est <strong>neutralisé</strong>.<br /><table><tr><td>Harry</td><td>10 PV</td></tr><tr><td>Drago</td><td>8 PV</td></tr></table>',
        edited: { by: "Filius Flitwick", at: "2026-12-01T09:41:00.000Z", count: 1 },
        color: "#009900",
      }),
      post({
        postId: "10270",
        authorId: "12",
        authorName: "Harry Potter",
        createdAt: "2026-12-01T13:05:00.000Z",
        html: 'Harry esquiva d\'un bond de côté. <a href="https://duel-club.forumactif.com/t12-regles" target="_blank" rel="nofollow">Voir les règles</a><br /><code>Sort : Stupéfix</code>',
        signature: HARRY_SIGNATURE,
        color: "#cc0000",
      }),
    ],
  };
}
